import type { RuntimeConfig } from '../config/runtime-config';

/** What GET /api/config answers in the embedded defaults, for component tests. */
export const TEST_RUNTIME_CONFIG: RuntimeConfig = {
  studioName: 'Pulso',
  auth: { provider: 'local' },
  contact: {
    email: 'servicioalcliente@pulso.sv',
    phone: '+503 7845-2210',
    whatsappNumber: '50378452210',
    whatsappUrl: 'https://wa.me/50378452210',
    address: 'Paseo El Carmen, 2a Av. Norte #14, Santa Tecla, La Libertad, El Salvador',
  },
  social: { facebook: 'https://www.facebook.com/pulso.sv', twitter: 'https://x.com/pulso_sv', instagram: 'https://www.instagram.com/pulso.sv' },
  appStoreUrl: 'https://apps.apple.com/sv/app/pulso-studio/id0000000000',
  paymentLinks: {
    elite: { recurring: 'https://pagos.pulso.sv/b/elite-mensual', oneTime: 'https://pagos.pulso.sv/b/elite' },
    athlete: { recurring: 'https://pagos.pulso.sv/b/athlete-mensual', oneTime: 'https://pagos.pulso.sv/b/athlete' },
    fourClasses: 'https://pagos.pulso.sv/b/4-clases',
    sensor: 'https://pagos.pulso.sv/b/sensor',
  },
};
