import { Box, Button, Flex, HStack, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { lazy, Suspense, useContext, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { QueryClientContext } from '@tanstack/react-query';
import type { PublicUser } from '@savings/contracts';
import { chromeWords, type ChromeKey } from '../../../i18n/chrome';
import { languageInfo, type LanguageCode } from '../../../i18n/languages';
import type { HeaderSession } from './header-session';

const UNKNOWN_SESSION: HeaderSession = { user: undefined, signOut: () => undefined, signingOut: false };

// The session needs the query machinery, which loads after the first page (lib/deferred-query-client):
// until it is there the header shows the signed-out links, as it does while the user is being fetched.
const SessionWatcher = lazy(() =>
  import('./header-session').then((module) => ({ default: module.HeaderSessionWatcher })),
);

interface NavItem {
  to: string;
  label: ChromeKey;
  /** Highlighted for this path and everything under it (the blog and its posts). */
  prefix?: boolean;
}

/**
 * Header links of product.md section 2: everyone, then signed-in users, then admins. On a localized
 * page Home is that language's home and the calculator opens in that language.
 */
export function navItems(user: PublicUser | null | undefined, language: LanguageCode = 'en'): NavItem[] {
  const home = languageInfo(language).path;
  const items: NavItem[] = [
    { to: home, label: 'home' },
    { to: '/technical-overview', label: 'technicalOverview' },
    {
      to: language === 'en' ? '/retirement-calculator' : `/retirement-calculator?lang=${home.slice(1)}`,
      label: 'retirementCalculator',
    },
    { to: '/blog', label: 'blog', prefix: true },
  ];
  if (user) {
    items.push(
      { to: '/dashboard', label: 'dashboard' },
      { to: '/withdrawal', label: 'withdrawals' },
      { to: '/interest-history', label: 'interestEarnings' },
    );
    if (user.isAdmin) items.push({ to: '/admin', label: 'admin' });
    // the auditor console: auditors and admins
    if (user.isAdmin || user.role === 'auditor') items.push({ to: '/audit', label: 'audit' });
  }
  return items;
}

function isActive(item: NavItem, pathname: string): boolean {
  const path = item.to.split('?')[0];
  const current = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return item.prefix ? current === path || current.startsWith(`${path}/`) : current === path;
}

function MenuIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The site header in `language` (the page's: a localized landing page's, Italian on the 404 page). */
export function Header({ language = 'en' }: { language?: LanguageCode }) {
  const queryClient = useContext(QueryClientContext);
  const [session, setSession] = useState(UNKNOWN_SESSION);
  const { user, signingOut } = session;
  const { pathname } = useLocation();
  const say = chromeWords(language);
  // The menu remembers the path it was opened on: any navigation closes it.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const menuOpen = openedOn === pathname;
  const setMenuOpen = (open: boolean) => setOpenedOn(open ? pathname : null);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const items = navItems(user, language);

  const signOut = () => {
    setMenuOpen(false);
    session.signOut();
  };

  const links = (direction: 'row' | 'column') =>
    items.map((item) => {
      const active = isActive(item, pathname);
      return (
        <ChakraLink
          key={item.to}
          asChild
          fontWeight={active ? 'semibold' : 'medium'}
          color={active ? 'blue.700' : 'fg'}
          borderBottomWidth={direction === 'row' ? '2px' : undefined}
          borderColor={active ? 'blue.600' : 'transparent'}
          py={direction === 'row' ? '1' : '2'}
          _hover={{ color: 'blue.700', textDecoration: 'none' }}
        >
          <Link to={item.to} aria-current={active ? 'page' : undefined} onClick={() => setMenuOpen(false)}>
            {say(item.label)}
          </Link>
        </ChakraLink>
      );
    });

  const actions = user ? (
    <Button size="sm" variant="outline" onClick={signOut} disabled={signingOut}>
      {say(signingOut ? 'signingOut' : 'signOut')}
    </Button>
  ) : (
    <>
      <Button asChild size="sm" variant="ghost">
        <Link to="/auth?mode=login" onClick={() => setMenuOpen(false)}>
          {say('signIn')}
        </Link>
      </Button>
      <Button asChild size="sm" colorPalette="blue">
        <Link to="/auth?mode=register" onClick={() => setMenuOpen(false)}>
          {say('getStarted')}
        </Link>
      </Button>
    </>
  );

  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky" lang={language}>
      {/* always there, empty or not, so a prerendered header (no client on the server) hydrates as is */}
      <Suspense fallback={null}>{queryClient && <SessionWatcher onChange={setSession} />}</Suspense>
      <Flex maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py="3" align="center" justify="space-between" gap="4">
        <ChakraLink asChild fontWeight="bold" fontSize="lg" color="blue.800" _hover={{ textDecoration: 'none' }}>
          <Link to={languageInfo(language).path}>Savings Platform</Link>
        </ChakraLink>
        <HStack as="nav" aria-label={say('mainNavigation')} gap="5" display={{ base: 'none', lg: 'flex' }}>
          {links('row')}
        </HStack>
        <HStack gap="2" display={{ base: 'none', lg: 'flex' }}>
          {actions}
        </HStack>
        <Button
          display={{ base: 'inline-flex', lg: 'none' }}
          variant="ghost"
          size="sm"
          ref={menuButton}
          aria-label={say('openMenu')}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <MenuIcon />
        </Button>
      </Flex>
      <Box
        id={menuId}
        display={{ base: menuOpen ? 'block' : 'none', lg: 'none' }}
        borderTopWidth="1px"
        px="4"
        pb="4"
        onKeyDown={(event) => {
          // Escape closes the menu and gives focus back to its button
          if (event.key === 'Escape') {
            setMenuOpen(false);
            menuButton.current?.focus();
          }
        }}
      >
        <Stack as="nav" aria-label={say('mainMenu')} gap="0" pt="2">
          {links('column')}
        </Stack>
        <HStack gap="2" pt="3" wrap="wrap">
          {actions}
        </HStack>
      </Box>
    </Box>
  );
}
