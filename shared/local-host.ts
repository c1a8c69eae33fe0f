// Hosts that are never redirected to the public origin: the machine itself.
export function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || host === '127.0.0.1' || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host);
}
