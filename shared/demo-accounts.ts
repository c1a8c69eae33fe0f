// The staff account the demo data makes (tooling/seeds/panel-demo.ts), named here because the configuration lets it
// into the panel without a second step outside production (decision 069).
export const DEMO_PARTNER_USERNAME = 'socia_demo';
