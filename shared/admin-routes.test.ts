import { describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS, type AdminPermission } from './admin-permissions.ts';
import { PANEL_SECTIONS, mayCall } from './admin-routes.ts';

const visible = (isMaster: boolean, permissions: AdminPermission[]) =>
  PANEL_SECTIONS.filter((s) => mayCall({ isMaster, permissions }, s.route)).map((s) => s.id);
const EVERYONE = ['resumen', 'analytics', 'configuracion', 'seguridad'];

describe("the panel's sections follow the server's route permissions", () => {
  it('the super admin sees every section', () => {
    expect(visible(true, [])).toEqual(PANEL_SECTIONS.map((s) => s.id));
  });

  it.each([
    [[], []],
    [['view_subscribers'], ['suscriptores']],
    [['manage_verifications'], ['fotos']],
    [['manage_ads'], ['anuncios']],
    [['view_reports'], ['denuncias', 'alertas', 'mensajes']],
    [['view_payments'], ['pagos']],
    [['process_payments'], []],
  ] as [AdminPermission[], string[]][])('a partner with %j also sees %j', (permissions, extra) => {
    expect(visible(false, permissions).sort()).toEqual([...EVERYONE, ...extra].sort());
  });

  it('no partner permission opens the super admin sections', () => {
    const all = visible(false, [...ADMIN_PERMISSIONS]);
    for (const id of ['cuentas', 'administradores', 'registro']) expect(all).not.toContain(id);
  });
});
