// Pagos and Cuentas bancarias on a real database: what staff see of payments and accounts, processing (the
// advertiser told only once it committed), the receipt view, and the accounts' commands.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAdministrator, insertAdvertiser, insertBankAccount, insertPayment, newFileKey } from '#tooling/factories/index.ts';
import { cbuFrom } from '#shared/cbu.ts';
import type { Admin } from '#shared/admin-permissions.ts';
import type { CompletedPayment } from '#core/payments/complete-payment.ts';
import { actorOf, auditRows, detailsOf, fakeFiles } from '../testing.ts';
import { payments, processPayment, viewReceipt } from './payments.ts';
import { activateAccount, addAccount, bankAccounts } from './bank-accounts.ts';

let t: TestDb;
let staff: Admin;
let advertiserId: number;
const confirmed: CompletedPayment[] = [];
const deps = () => ({ db: t.db, notices: { paymentConfirmed: async (p: CompletedPayment) => void confirmed.push(p) } });

beforeAll(async () => {
  t = await createTestDb();
  staff = await insertAdministrator(t.db, { isMaster: true });
  advertiserId = await insertAdvertiser(t.db, { fullName: 'Pía Paga' });
});
afterAll(() => t?.destroy());

describe('payments', () => {
  it('are listed with what staff check, and not the receipt key', async () => {
    const receiptKey = newFileKey();
    const { id, reference } = await insertPayment(t.db, advertiserId, { receiptKey });
    const item = (await payments(t.db)).find((p) => p.id === id)!;
    expect(item).toEqual({
      id,
      amount: 25000,
      description: 'Plan VIP',
      paymentMethod: 'transfer',
      paymentStatus: 'pending',
      reference,
      advertiserName: 'Pía Paga',
      priceNote: null,
      hasReceipt: true,
      bankAccountId: null,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(item)).not.toContain(receiptKey);
    const files = fakeFiles();
    const receipt = await viewReceipt({ db: t.db, files }, actorOf(staff), id);
    expect(receipt).toEqual({ bytes: Buffer.from(`bytes of ${receiptKey}`), type: 'image/webp', reference });
    expect(files.reads).toEqual([`receipts/${receiptKey}`]);
    expect(await auditRows(t.db, 'payment_receipt_viewed', id)).toHaveLength(1);
    const without = await insertPayment(t.db, advertiserId);
    await expect(viewReceipt({ db: t.db, files }, actorOf(staff), without.id)).rejects.toMatchObject({ reason: 'receipt_missing' });
  });

  it('are processed into an account only while one is active, audited, and the advertiser told after', async () => {
    const { id } = await insertPayment(t.db, advertiserId);
    const inactive = await insertBankAccount(t.db);
    const input = { id, bankAccountId: inactive, notes: null };
    // No account is active yet in this file's database: there is nowhere the site tells advertisers to pay.
    await expect(processPayment(deps(), actorOf(staff), input)).rejects.toMatchObject({ reason: 'no_active_bank_account' });
    expect(confirmed).toHaveLength(0);
    await insertBankAccount(t.db, { active: true });
    await processPayment(deps(), actorOf(staff), input);
    expect((await t.db('payments').where('id', id).first()).status).toBe('completed');
    expect(detailsOf((await auditRows(t.db, 'payment_processed', id))[0])).toEqual({ bankAccountId: inactive });
    expect(confirmed.map((p) => p.id)).toEqual([id]);
    await expect(processPayment(deps(), actorOf(staff), input)).rejects.toMatchObject({ reason: 'payment_already_processed' });
    expect(confirmed).toHaveLength(1);
  });
});

describe('bank accounts', () => {
  it('are added once per CBU and activated one at a time', async () => {
    const cbu = cbuFrom('0110599', '2000000000777');
    const id = await addAccount(t.db, actorOf(staff), {
      bankName: 'Banco Nuevo',
      accountHolder: 'Velada SRL',
      accountNumber: '777',
      cbu,
      alias: null,
      accountType: 'savings',
    });
    expect(await auditRows(t.db, 'bank_account_added', id)).toHaveLength(1);
    await expect(
      addAccount(t.db, actorOf(staff), {
        bankName: 'Otro',
        accountHolder: 'X',
        accountNumber: '1',
        cbu,
        alias: null,
        accountType: 'checking',
      }),
    ).rejects.toMatchObject({ reason: 'cbu_taken' });
    await activateAccount(t.db, actorOf(staff), id);
    const accounts = await bankAccounts(t.db);
    expect(accounts.filter((a) => a.active).map((a) => a.id)).toEqual([id]);
    expect(Object.keys(accounts[0]!).sort()).toEqual([
      'accountHolder',
      'accountNumber',
      'accountType',
      'active',
      'alias',
      'bankName',
      'cbu',
      'id',
    ]);
    await expect(activateAccount(t.db, actorOf(staff), 999_999)).rejects.toMatchObject({ reason: 'bank_account_missing' });
  });
});
