// The closed sets an analytics beacon may name: the cookie choice it records and the kind of device it came from.
export const CONSENT_TYPES = ['all', 'analytics', 'marketing', 'necessary'] as const;
export type ConsentType = (typeof CONSENT_TYPES)[number];
export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
