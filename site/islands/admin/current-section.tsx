// The section open in the panel, with the data the panel loaded for it (or "Cargando…" until it is there); the
// sections that load their own lists get the reload token and go back to the login on a 401.
import type { AdminRoute, SectionId } from '#shared/admin-routes.ts';
import OverviewSection from './overview-section.tsx';
import SubscribersSection from './subscribers-section.tsx';
import PaymentsSection from './payments-section.tsx';
import RevocationsSection from './revocations-section.tsx';
import AdsSection from './ads-section.tsx';
import PhotoVerificationsSection from './photo-verifications-section.tsx';
import ReportsSection from './reports-section.tsx';
import SafetyAlertsSection from './safety-alerts-section.tsx';
import MessagesSection from './messages-section.tsx';
import BankAccountsSection from './bank-accounts-section.tsx';
import AdministratorsSection from './administrators-section.tsx';
import AnalyticsSection from './analytics-section.tsx';
import SettingsSection from './settings-section.tsx';
import AuditLogSection from './audit-log-section.tsx';
import SecuritySection from './security-section.tsx';
import type { PanelData } from './use-panel-data.ts';
import { toLogin } from './panel-session.ts';

interface CurrentSectionProps {
  section: SectionId;
  data: PanelData;
  /** The panel's data could not be loaded. */
  failed: boolean;
  reloadToken: number;
  may: (route: AdminRoute) => boolean;
  /** Reloads the panel's data after a change; must be stable. */
  onChanged: () => Promise<unknown>;
}

export default function CurrentSection({ section, data, failed, reloadToken, may, onChanged }: CurrentSectionProps) {
  const loading = <p aria-live="polite">{failed ? 'No se pudieron cargar los datos. Probá con «Actualizar».' : 'Cargando…'}</p>;
  return (
    <>
      {section === 'resumen' && <OverviewSection stats={data.stats} payments={data.payments} failed={failed} />}
      {section === 'suscriptores' &&
        (data.subscribers ? (
          <SubscribersSection
            subscribers={data.subscribers}
            canDecide={may('POST /api/admin/subscribers/:id/verify')}
            onChanged={onChanged}
          />
        ) : (
          loading
        ))}
      {section === 'fotos' && <PhotoVerificationsSection reloadToken={reloadToken} onUnauthorized={toLogin} onChanged={onChanged} />}
      {section === 'anuncios' && <AdsSection reloadToken={reloadToken} onUnauthorized={toLogin} onChanged={onChanged} />}
      {section === 'denuncias' && <ReportsSection reloadToken={reloadToken} onUnauthorized={toLogin} onChanged={onChanged} />}
      {section === 'alertas' && <SafetyAlertsSection reloadToken={reloadToken} onUnauthorized={toLogin} onChanged={onChanged} />}
      {section === 'mensajes' && <MessagesSection reloadToken={reloadToken} onUnauthorized={toLogin} />}
      {section === 'pagos' &&
        (data.payments ? (
          <PaymentsSection
            payments={data.payments}
            bankAccounts={data.bankAccounts}
            canProcess={may('POST /api/admin/payments/:id/process')}
            onChanged={onChanged}
          >
            <RevocationsSection
              reloadToken={reloadToken}
              onUnauthorized={toLogin}
              canRefund={may('POST /api/admin/revocations/:id/refunded')}
            />
          </PaymentsSection>
        ) : (
          loading
        ))}
      {section === 'cuentas' && (data.bankAccounts ? <BankAccountsSection accounts={data.bankAccounts} onChanged={onChanged} /> : loading)}
      {section === 'administradores' &&
        (data.administrators ? <AdministratorsSection administrators={data.administrators} onChanged={onChanged} /> : loading)}
      {section === 'analytics' && (data.analytics ? <AnalyticsSection summary={data.analytics} /> : loading)}
      {section === 'configuracion' &&
        (data.settings ? (
          <SettingsSection
            key={`${data.settings.pricePremium}-${data.settings.priceVip}`}
            settings={data.settings}
            canEdit={may('PUT /api/admin/settings')}
            onChanged={onChanged}
          />
        ) : (
          loading
        ))}
      {section === 'registro' && <AuditLogSection reloadToken={reloadToken} onUnauthorized={toLogin} />}
      {section === 'seguridad' && <SecuritySection reloadToken={reloadToken} />}
    </>
  );
}
