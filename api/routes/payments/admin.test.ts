// Payments in the panel, on SQLite and PostgreSQL: processing a payment once into an existing bank account (the
// active one or the one that was active when the advertiser paid), and the bank accounts' rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdvertiser } from '#tooling/factories/index.ts';
import { cbuFrom } from '#shared/cbu.ts';
import { startPanel, errorOf, type Panel } from '#api/testing/panel.ts';

let panel: Panel;
beforeAll(async () => {
  panel = await startPanel();
});
afterAll(() => panel.close());

const bankAccount = (name: string, cbu: string, active: boolean) => ({
  bank_name: name,
  account_holder: 'Velada SRL',
  account_number: '111',
  cbu,
  alias: null,
  account_type: 'checking',
  active,
  created_at: new Date(),
});

describe('payments', () => {
  it('processes a pending payment once, into an existing account, with its notes', async () => {
    const { call, cookies, t, insertId } = panel;
    const active = await insertId('bank_accounts', bankAccount('Banco Uno', cbuFrom('0110599', '2000000000001'), true));
    const formerlyActive = await insertId('bank_accounts', bankAccount('Banco Dos', cbuFrom('0720000', '8800000000002'), false));
    const advertiser = await insertAdvertiser(t.db);
    const pending = await insertId('payments', {
      advertiser_id: advertiser,
      amount: 25000,
      description: 'Plan VIP',
      payment_method: 'transfer',
      status: 'pending',
      reference: 'VEL-PANEL-1',
      created_at: new Date(),
    });

    const noAccount = await call('POST', `/api/admin/payments/${pending}/process`, cookies.process_payments, {});
    expect(noAccount.status).toBe(400);
    expect((await errorOf(noAccount)).message).toContain('Seleccione una cuenta bancaria de destino');
    const unknown = await call('POST', `/api/admin/payments/${pending}/process`, cookies.super, { bankAccountId: 999_999 });
    expect(unknown.status).toBe(404);
    expect((await t.db('payments').where('id', pending).first()).status).toBe('pending');

    // The account that was active when the advertiser paid may be inactive by now: still a valid destination.
    const processed = await call('POST', `/api/admin/payments/${pending}/process`, cookies.process_payments, {
      bankAccountId: formerlyActive,
      notes: 'Transferencia del día',
    });
    expect(processed.status).toBe(200);
    expect(await t.db('payments').where('id', pending).first()).toMatchObject({
      status: 'completed',
      bank_account_id: formerlyActive,
      notes: 'Transferencia del día',
    });
    const twice = await call('POST', `/api/admin/payments/${pending}/process`, cookies.super, { bankAccountId: active });
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).code).toBe('already_processed');
    expect((await t.db('audit_log').where({ action: 'payment_processed', target_id: String(pending) })).length).toBe(1);
  });

  it('adds bank accounts only with a valid CBU and alias, and keeps exactly one account active', async () => {
    const { call, cookies, t } = panel;
    const valid = { bankName: 'Banco Cuatro', accountHolder: 'Velada SRL', accountNumber: '444', alias: 'velada.cuatro' };
    const cbu = cbuFrom('0140999', '0000000000004');
    const wrongDigit = cbu.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    const badCbu = await call('POST', '/api/admin/bank-accounts', cookies.super, { ...valid, cbu: wrongDigit });
    expect(badCbu.status).toBe(400);
    expect((await errorOf(badCbu)).message).toContain('cbu');
    expect((await call('POST', '/api/admin/bank-accounts', cookies.super, { ...valid, cbu, alias: 'corto' })).status).toBe(400);
    const added = await call('POST', '/api/admin/bank-accounts', cookies.super, { ...valid, cbu });
    expect(added.status).toBe(201);
    expect((await call('POST', '/api/admin/bank-accounts', cookies.super, { ...valid, cbu })).status).toBe(409);
    const { id } = (await added.json()) as { id: number };
    expect((await call('POST', `/api/admin/bank-accounts/${id}/activate`, cookies.super)).status).toBe(200);
    expect(await t.db('bank_accounts').where('active', true).pluck('id')).toEqual([id]);
    expect((await call('POST', '/api/admin/bank-accounts/999999/activate', cookies.super)).status).toBe(404);
    expect(await t.db('bank_accounts').where('active', true).pluck('id')).toEqual([id]);
  });
});
