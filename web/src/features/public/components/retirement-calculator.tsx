import { Box, Button, Card, Field, Flex, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import { usePageLanguage, usePageTranslation } from '../../../i18n/page-language';
import { Link } from 'react-router-dom';
import { computeRetirement, formatAmount, parsePension, type RetirementResult } from '../utils/retirement';

/** The retirement calculator of product.md section 2; computed locally, no call. */
export function RetirementCalculator() {
  const { t } = usePageTranslation();
  const locale = usePageLanguage();
  const [input, setInput] = useState('');
  const [result, setResult] = useState<RetirementResult | null>(null);
  const inputId = useId();
  const pension = parsePension(input);

  const onChange = (value: string) => {
    setInput(value);
    // an invalid amount clears the result; a valid one waits for Calculate
    if (parsePension(value) === null) setResult(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setResult(pension === null ? null : computeRetirement(pension));
  };

  return (
    <Stack gap="6">
      <form onSubmit={onSubmit} noValidate>
        <Flex gap="3" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'flex-end' }}>
          <Field.Root flex="1">
            <Field.Label htmlFor={inputId}>{t('calculator.label')}</Field.Label>
            <Input
              id={inputId}
              type="number"
              inputMode="decimal"
              step={100}
              min={0}
              placeholder={t('calculator.placeholder')}
              value={input}
              onChange={(event) => onChange(event.target.value)}
              bg="bg"
              size="lg"
            />
          </Field.Root>
          <Button type="submit" colorPalette="blue" size="lg" disabled={pension === null}>
            {t('calculator.calculate')}
          </Button>
        </Flex>
      </form>
      <Box aria-live="polite">
        {result && (
          <Card.Root variant="elevated" data-testid="retirement-result">
            <Card.Body gap="5">
              <Box>
                <Text color="fg.muted" fontSize="sm" fontWeight="medium">
                  {t('calculator.requiredCapital')}
                </Text>
                <Text fontSize={{ base: '3xl', md: '4xl' }} fontWeight="bold" color="blue.700">
                  {formatAmount(result.requiredCapital, locale, true)}
                </Text>
              </Box>
              <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
                <Box>
                  <Text color="fg.muted" fontSize="sm">
                    {t('calculator.monthlyPension')}
                  </Text>
                  <Text fontWeight="semibold">{formatAmount(result.monthlyPension, locale)}</Text>
                </Box>
                <Box>
                  <Text color="fg.muted" fontSize="sm">
                    {t('calculator.annualIncome')}
                  </Text>
                  <Text fontWeight="semibold">{formatAmount(result.annualIncome, locale)}</Text>
                </Box>
                <Box>
                  <Text color="fg.muted" fontSize="sm">
                    {t('calculator.annualReturn')}
                  </Text>
                  <Text fontWeight="semibold">{t('calculator.annualReturnValue')}</Text>
                </Box>
              </SimpleGrid>
              <Text fontSize="sm" color="fg.muted">
                {t('calculator.explanation')}
              </Text>
              <HStack gap="3" wrap="wrap">
                <Button asChild colorPalette="blue">
                  <Link to="/auth?mode=register">{t('calculator.startToday')}</Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to="/technical-overview">{t('calculator.learnMore')}</Link>
                </Button>
              </HStack>
            </Card.Body>
          </Card.Root>
        )}
      </Box>
    </Stack>
  );
}
