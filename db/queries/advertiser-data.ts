// An advertiser's rights over their data (Ley 25.326, ARCO): everything we keep about them as one JSON
// document, and deleting the account. Payments are billing records the law keeps for 10 years (privacy page):
// they stay, attached to an anonymised account; everything else goes.
import type { Knex } from 'knex';

export async function exportAdvertiserData(db: Knex, advertiserId: number) {
  const account = await db('advertisers')
    .where('id', advertiserId)
    .first('email', 'full_name', 'dni', 'birth_date', 'verification_status', 'verified_at', 'email_confirmed_at', 'created_at');
  const ads = await db('ads').where('advertiser_id', advertiserId).orderBy('id');
  const photos = ads.length
    ? await db('ad_images')
        .whereIn(
          'ad_id',
          ads.map((a) => a.id),
        )
        .orderBy('position')
        .select('ad_id', 'file_key')
    : [];
  const verifications = await db('verification_requests')
    .where('advertiser_id', advertiserId)
    .orderBy('id')
    .select(
      'method',
      'full_name',
      'birth_date',
      'dni',
      'tramite',
      'gender',
      'status',
      'reason',
      'submitted_at',
      'decided_at',
      'documents_purged_at',
    );
  const payments = await db('payments')
    .where('advertiser_id', advertiserId)
    .orderBy('id')
    .select(
      'amount',
      'description',
      'plan',
      'kind',
      'payment_method',
      'status',
      'reference',
      'price_note',
      'plan_until',
      'created_at',
      'processed_at',
    );
  return {
    generatedAt: new Date().toISOString(),
    account,
    ads: ads.map((a) => ({
      id: a.id,
      title: a.title,
      description: a.description,
      category: a.category,
      barrio: a.barrio,
      phone: a.phone,
      pricePerHour: a.price_per_hour,
      state: a.state,
      stateReason: a.state_reason,
      plan: a.plan,
      publishedAt: a.published_at,
      expiresAt: a.expires_at,
      createdAt: a.created_at,
      photos: photos.filter((p) => p.ad_id === a.id).map((p) => `/media/ads/${p.file_key}-800.webp`),
    })),
    // Identity documents are not included: they are deleted 30 days after the decision, and never sent by mail or download.
    verifications,
    payments,
  };
}

/** Anonymises the account and deletes its ads, photos, identity documents and receipts. Returns the files to delete. */
export async function deleteAdvertiserAccount(
  db: Knex,
  advertiserId: number,
  now = new Date(),
): Promise<{ photoKeys: string[]; documentKeys: string[]; receiptKeys: string[] }> {
  return db.transaction(async (trx) => {
    // A write first (SQLite locks on it): the account stops being usable before anything else is read.
    await trx('advertisers')
      .where('id', advertiserId)
      .update({
        email: `cuenta-eliminada-${advertiserId}@velada.invalid`,
        full_name: 'Cuenta eliminada',
        password_hash: null,
        dni: null,
        birth_date: null,
        verification_status: 'unverified',
        verified_at: null,
        email_confirmed_at: null,
        updated_at: now,
      });
    const adIds: number[] = await trx('ads').where('advertiser_id', advertiserId).pluck('id');
    const photoKeys: string[] = adIds.length ? await trx('ad_images').whereIn('ad_id', adIds).pluck('file_key') : [];
    const requestIds: number[] = await trx('verification_requests').where('advertiser_id', advertiserId).pluck('id');
    const documentKeys: string[] = requestIds.length
      ? await trx('identity_documents').whereIn('request_id', requestIds).pluck('file_key')
      : [];
    // Payments point at ads with ON DELETE SET NULL: the billing record stays; one still waiting can no longer be paid.
    // Transfer receipts (the payer's bank data) go with the account.
    await trx('payments')
      .where({ advertiser_id: advertiserId, status: 'pending' })
      .update({ status: 'cancelled', processed_at: now, notes: 'Cuenta eliminada' });
    const receiptKeys: string[] = await trx('payments')
      .where('advertiser_id', advertiserId)
      .whereNotNull('receipt_key')
      .pluck('receipt_key');
    await trx('payments').where('advertiser_id', advertiserId).update({ receipt_key: null, receipt_type: null });
    await trx('ads').where('advertiser_id', advertiserId).delete();
    await trx('verification_requests').where('advertiser_id', advertiserId).delete();
    for (const table of ['advertiser_sessions', 'advertiser_tokens']) await trx(table).where('advertiser_id', advertiserId).delete();
    return { photoKeys, documentKeys, receiptKeys };
  });
}
