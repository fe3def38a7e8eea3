import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { UserResponse } from '@savings/contracts';
import { pdfText } from '@savings/testing';
import { createAdminSession, expectOk, idempotencyHeaders, unique } from './admin-support';
import { launchBrowser, newPage, screenshot } from './support/browser';

jest.setTimeout(180000);

const WAIT = { timeout: 30000 };
const month = new Date().toISOString().slice(0, 7);
const year = month.slice(0, 4);

async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; body: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download', WAIT), click()]);
  return { name: file.suggestedFilename(), body: readFileSync(await file.path()) };
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** An account's whole life in Chromium (api-contract.md section 18). */
describe('an account’s life in Chromium', () => {
  it('a company registers with a country picked from the searchable list; a second one with its number is refused; its documents name it', async () => {
    const { name, email } = unique('Representative');
    const legalName = `Lovelace Engines ${name.split(' ')[1]} GmbH`;
    const registrationNumber = `HRB ${name.split(' ')[1].slice(-8)}`;

    const { context, page } = await newPage(browser);
    await page.goto('/auth?mode=register&lang=de');
    await page.getByText('Business', { exact: true }).click();
    expect(await page.getByRole('radio', { name: 'Business' }).isChecked()).toBe(true);
    await page.getByLabel('Type of business').selectOption('company');
    await page.getByLabel('Legal name').fill(legalName);
    await page.getByLabel('Registration number').fill(registrationNumber);
    // the list speaks the page's language (?lang=de): typing part of "Deutschland" finds it
    const country = page.getByRole('combobox', { name: 'Country of registration' });
    await country.click();
    await country.fill('deutsch');
    await page.getByRole('option', { name: 'Deutschland' }).click();
    await page.getByLabel('Your full name (representative)').fill(name);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('company-secret-1');
    await screenshot(page, 'register-business');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/dashboard', WAIT);

    const me = await expectOk<UserResponse>(context.request.get('/api/auth/me'));
    expect(me.user).toMatchObject({ holderType: 'company', legalName, registrationNumber, country: 'DE' });

    // the same business again (another person, the number spelled otherwise) is refused on the screen
    const second = unique('Second');
    const other = await newPage(browser);
    await other.page.goto('/auth?mode=register');
    await other.page.getByText('Business', { exact: true }).click();
    await other.page.getByLabel('Legal name').fill(`${legalName} Copy`);
    await other.page.getByLabel('Registration number').fill(registrationNumber.toLowerCase().replace(' ', '-'));
    const otherCountry = other.page.getByRole('combobox', { name: 'Country of registration' });
    await otherCountry.click();
    await otherCountry.fill('Germ');
    await other.page.getByRole('option', { name: 'Germany' }).click();
    await other.page.getByLabel('Your full name (representative)').fill(second.name);
    await other.page.getByLabel('Email').fill(second.email);
    await other.page.getByLabel('Password').fill('company-secret-1');
    await other.page.getByRole('button', { name: 'Create Account' }).click();
    await other.page.getByText('This business already has an account').first().waitFor(WAIT);
    expect(other.page.url()).toContain('/auth');
    await other.context.close();

    // money, so there is a statement; then the company downloads its statement and certificate
    const admin = await createAdminSession();
    await expectOk(
      admin.api.post('/api/admin/deposits/confirm', {
        data: { userId: me.user.id, amount: 2500, note: 'wire received' },
        headers: idempotencyHeaders(),
      }),
    );
    await page.goto('/statements');
    await page.getByRole('heading', { name: 'Statements', level: 1 }).waitFor(WAIT);
    const monthLabel = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${month}-15T12:00:00Z`),
    );
    const pdf = await download(page, () => page.getByRole('link', { name: `PDF statement for ${monthLabel}` }).click());
    const statementText = (await pdfText(pdf.body)).text.replace(/\s+/g, ' ');
    expect(statementText).toContain(legalName);
    expect(statementText).toContain(registrationNumber);
    expect(statementText).toContain(name);
    const certificate = await download(page, () =>
      page.getByRole('link', { name: `Interest certificate ${year}` }).click(),
    );
    const certificateText = (await pdfText(certificate.body)).text.replace(/\s+/g, ' ');
    expect(certificateText).toContain(legalName);
    expect(certificateText).toContain(name);
    await context.close();
  });
});
