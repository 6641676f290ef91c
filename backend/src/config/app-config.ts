import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting comes from the environment. Defaults describe the embedded mode
 * (`npm start` on one machine); the compose deployment overrides them.
 * The README's configuration table is kept in step with this schema.
 */

const projectRoot = path.resolve(__dirname, '..', '..', '..');

const port = (fallback: number) =>
  z.coerce
    .number({ invalid_type_error: 'un número de puerto' })
    .int('un número de puerto entero')
    .min(1, 'un puerto entre 1 y 65535')
    .max(65535, 'un puerto entre 1 y 65535')
    .default(fallback);

const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol.replace(/:$/, ''));
        } catch {
          return false;
        }
      },
      `una URL ${protocols.map((p) => `${p}://`).join(' o ')}`,
    );

const optionalUrl = (protocols: string[]) => z.preprocess((v) => (v === '' ? undefined : v), url(protocols).optional());

const emailList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine((list) => list.every((item) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(item)), 'una lista de correos separada por comas');

const stringList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

/** Express's names for address ranges; anything else in `TRUST_PROXY` is an address or a CIDR network. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Whose `X-Forwarded-For` is believed (Express's `trust proxy`): a list of addresses, CIDR networks
 * and range names. Hop counts and `true` are refused: they would believe any client that sends the header.
 */
const trustProxy = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .default('loopback')
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => list.length > 0 && list.every(isProxyEntry),
      'una lista separada por comas de direcciones IP, redes CIDR o loopback, linklocal, uniquelocal (p. ej. 172.30.80.10 o loopback)',
    ),
);

const paymentLinkSchema = z.record(z.string(), z.union([url(['https']), z.object({ recurring: url(['https']), oneTime: url(['https']) })]), {
  invalid_type_error: 'un objeto JSON {"plan": "https://…" | {"recurring": "https://…", "oneTime": "https://…"}}',
});

export const DEFAULT_PAYMENT_LINKS: z.infer<typeof paymentLinkSchema> = {
  elite: { recurring: 'https://pagos.pulso.sv/b/elite-mensual', oneTime: 'https://pagos.pulso.sv/b/elite' },
  athlete: { recurring: 'https://pagos.pulso.sv/b/athlete-mensual', oneTime: 'https://pagos.pulso.sv/b/athlete' },
  casual: { recurring: 'https://pagos.pulso.sv/b/casual-mensual', oneTime: 'https://pagos.pulso.sv/b/casual' },
  fourClasses: 'https://pagos.pulso.sv/b/4-clases',
  oneClass: 'https://pagos.pulso.sv/b/1-clase',
  athleteCouples: {
    recurring: 'https://pagos.pulso.sv/b/athlete-parejas-mensual',
    oneTime: 'https://pagos.pulso.sv/b/athlete-parejas',
  },
  casualCouples: {
    recurring: 'https://pagos.pulso.sv/b/casual-parejas-mensual',
    oneTime: 'https://pagos.pulso.sv/b/casual-parejas',
  },
  family4: { recurring: 'https://pagos.pulso.sv/b/familia-4-mensual', oneTime: 'https://pagos.pulso.sv/b/familia-4' },
  family3: { recurring: 'https://pagos.pulso.sv/b/familia-3-mensual', oneTime: 'https://pagos.pulso.sv/b/familia-3' },
  sensor: 'https://pagos.pulso.sv/b/sensor',
};

const jsonOf = <T extends z.ZodTypeAny>(schema: T, fallback: z.infer<T>) =>
  z.preprocess((value) => {
    if (value === undefined || value === '') return fallback;
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return Symbol('invalid-json');
    }
  }, schema);

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: port(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: url(['http', 'https']).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
    CORS_ORIGINS: stringList,
    TRUST_PROXY: trustProxy,

    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    EMBEDDED_PG_DATA_DIR: z.string().default(path.join(projectRoot, '.data', 'postgres')),
    EMBEDDED_PG_PORT: port(54320),

    EVENT_STORE: z.enum(['postgres', 'esdb']).default('postgres'),
    EVENTSTORE_URL: optionalUrl(['esdb', 'esdb+discover', 'kurrentdb', 'kurrentdb+discover']),
    READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).max(30000).default(2000),

    AUTH_PROVIDER: z.enum(['local', 'clerk']).default('local'),
    AUTH_AUDIENCE: z.string().default('pulso'),
    CLERK_ISSUER: optionalUrl(['https']),
    CLERK_JWKS_URL: optionalUrl(['https']),
    CLERK_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_[A-Za-z0-9+/=_-]+$/, 'una clave publicable de Clerk (pk_test_… o pk_live_…)')
      .optional(),
    STAFF_EMAILS: emailList,

    MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    MAIL_FROM: z.string().default('Pulso <hola@pulso.sv>'),
    EMAIL_LINK_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32, 'un secreto de al menos 32 caracteres').optional()),

    PULSO_KEK: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
    PULSO_KEK_PREVIOUS: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
    FREE_CLASS_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
    IDENTITY_IP_ACTIONS_PER_10_MIN: z.coerce.number().int().min(10).max(100_000).default(100),

    MEDIA_CDN_BASE: optionalUrl(['https', 'http']),
    MEDIA_UPLOAD_DIR: z.string().optional(),
    SPA_DIST_DIR: z.string().default(path.join(projectRoot, 'frontend', 'dist')),

    STUDIO_NAME: z.string().min(1).default('Pulso'),
    CONTACT_EMAIL: z.string().email('un correo válido').default('servicioalcliente@pulso.sv'),
    CONTACT_PHONE: z
      .string()
      .regex(/^\+503 ?\d{4}-?\d{4}$/, 'un teléfono de El Salvador con código +503, p. ej. +503 7000-0000')
      .default('+503 7845-2210'),
    WHATSAPP_NUMBER: z
      .string()
      .regex(/^\d{8,15}$/, 'solo dígitos con código de país, p. ej. 50378452210')
      .default('50378452210'),
    STUDIO_ADDRESS: z.string().min(1).default('Paseo El Carmen, 2a Av. Norte #14, Santa Tecla, La Libertad, El Salvador'),
    SOCIAL_FACEBOOK_URL: url(['https']).default('https://www.facebook.com/pulso.sv'),
    SOCIAL_TWITTER_URL: url(['https']).default('https://x.com/pulso_sv'),
    SOCIAL_INSTAGRAM_URL: url(['https']).default('https://www.instagram.com/pulso.sv'),
    APP_STORE_URL: url(['https']).default('https://apps.apple.com/sv/app/pulso-studio/id0000000000'),
    PAYMENT_LINKS: jsonOf(paymentLinkSchema, DEFAULT_PAYMENT_LINKS),
  })
  .superRefine((env, ctx) => {
    if (env.EVENT_STORE === 'esdb' && !env.EVENTSTORE_URL) {
      ctx.addIssue({ code: 'custom', path: ['EVENTSTORE_URL'], message: 'una URL esdb:// (obligatoria con EVENT_STORE=esdb)' });
    }
    if (env.AUTH_PROVIDER === 'clerk') {
      if (!env.CLERK_ISSUER) {
        ctx.addIssue({ code: 'custom', path: ['CLERK_ISSUER'], message: 'la URL https del emisor de Clerk (obligatoria con AUTH_PROVIDER=clerk)' });
      }
      if (!env.CLERK_PUBLISHABLE_KEY) {
        ctx.addIssue({ code: 'custom', path: ['CLERK_PUBLISHABLE_KEY'], message: 'la clave publicable de Clerk (obligatoria con AUTH_PROVIDER=clerk)' });
      }
    }
    for (const name of ['PULSO_KEK', 'PULSO_KEK_PREVIOUS'] as const) {
      if (env[name] !== undefined && !parseKek(env[name])) {
        ctx.addIssue({ code: 'custom', path: [name], message: '32 bytes aleatorios en base64 (p. ej. `openssl rand -base64 32`)' });
      }
    }
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.PULSO_KEK) {
      ctx.addIssue({
        code: 'custom',
        path: ['PULSO_KEK'],
        message:
          'la clave de cifrado de claves: 32 bytes en base64, p. ej. `openssl rand -base64 32` (obligatoria en producción con DATABASE_URL; docs/privacy.md)',
      });
    }
    if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'una URL smtp:// o smtps:// (obligatoria con MAIL_TRANSPORT=smtp)' });
    }
  });

type ParsedEnv = z.infer<typeof configSchema>;

export interface AppConfig {
  env: ParsedEnv['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  logLevel: ParsedEnv['LOG_LEVEL'];
  corsOrigins: string[];
  /** The proxies whose `X-Forwarded-For` gives the client's address (Express's `trust proxy`); the limits count by that address. */
  trustProxy: string[];
  database: { url?: string; embedded: { dataDir: string; port: number } };
  eventStore: { kind: 'postgres' | 'esdb'; esdbUrl?: string; readYourWritesTimeoutMs: number };
  auth: {
    provider: 'local' | 'clerk';
    audience: string;
    clerkIssuer?: string;
    clerkJwksUrl?: string;
    clerkPublishableKey?: string;
    staffEmails: string[];
    /** Sign-up, sign-in and code actions one client address may take in 10 minutes (a studio's shared Wi-Fi). */
    ipActionsPer10Min: number;
  };
  /** `linkSecret`: HMAC secret of the emails' opt-out links; without it one is generated and kept in PostgreSQL (ADR 0142). */
  mail: { transport: 'outbox' | 'smtp'; smtpUrl?: string; from: string; linkSecret?: string };
  /** `uploadDir`: where the studio's own photos and videos are kept (ADR 0221); the CDN pulls them from there. */
  media: { cdnBase?: string; uploadDir: string };
  /**
   * Encryption of personal data in events (ADR 0200). `kek`: the key-encryption key (base64);
   * without it, `kekFile` is where one is generated and kept (embedded and development), and a
   * test run derives a fixed one. `previousKek`: the key being rotated out (docs/privacy.md).
   */
  privacy: { kek?: string; previousKek?: string; kekFile?: string; freeClassRetentionMonths: number };
  spaDistDir: string;
  studio: {
    name: string;
    contactEmail: string;
    contactPhone: string;
    whatsappNumber: string;
    address: string;
    social: { facebook: string; twitter: string; instagram: string };
    appStoreUrl: string;
    paymentLinks: z.infer<typeof paymentLinkSchema>;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuración inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Spanish wording for zod's generic failures, so a boot error always says what a variable accepts. */
const spanishErrors: z.ZodErrorMap = (issue, ctx) => {
  switch (issue.code) {
    case z.ZodIssueCode.invalid_enum_value:
      return { message: `uno de: ${issue.options.join(', ')}` };
    case z.ZodIssueCode.invalid_union:
      return { message: 'una URL https:// o un objeto {"recurring": "https://…", "oneTime": "https://…"}' };
    case z.ZodIssueCode.invalid_string:
      return { message: issue.validation === 'email' ? 'un correo válido' : 'un texto con el formato esperado' };
    case z.ZodIssueCode.too_small:
      return { message: 'un valor no vacío' };
    default:
      return { message: ctx.defaultError };
  }
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = configSchema.safeParse(env, { errorMap: spanishErrors });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const variable = issue.path.join('.') || '(entorno)';
      const received = issue.path.length ? env[String(issue.path[0])] : undefined;
      const shown = received === undefined ? '' : ` (recibido: ${JSON.stringify(received)})`;
      return `${variable} debe ser ${issue.message}${shown}`;
    });
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    database: { url: e.DATABASE_URL, embedded: { dataDir: path.resolve(e.EMBEDDED_PG_DATA_DIR), port: e.EMBEDDED_PG_PORT } },
    eventStore: { kind: e.EVENT_STORE, esdbUrl: e.EVENTSTORE_URL, readYourWritesTimeoutMs: e.READ_YOUR_WRITES_TIMEOUT_MS },
    auth: {
      provider: e.AUTH_PROVIDER,
      audience: e.AUTH_AUDIENCE,
      clerkIssuer: e.CLERK_ISSUER,
      clerkJwksUrl: e.CLERK_JWKS_URL ?? (e.CLERK_ISSUER ? `${e.CLERK_ISSUER.replace(/\/$/, '')}/.well-known/jwks.json` : undefined),
      clerkPublishableKey: e.CLERK_PUBLISHABLE_KEY,
      staffEmails: e.STAFF_EMAILS,
      ipActionsPer10Min: e.IDENTITY_IP_ACTIONS_PER_10_MIN,
    },
    mail: { transport: e.MAIL_TRANSPORT, smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, linkSecret: e.EMAIL_LINK_SECRET },
    media: { cdnBase: e.MEDIA_CDN_BASE, uploadDir: path.resolve(e.MEDIA_UPLOAD_DIR ?? `${path.resolve(e.EMBEDDED_PG_DATA_DIR)}-media`) },
    privacy: {
      kek: e.PULSO_KEK,
      previousKek: e.PULSO_KEK_PREVIOUS,
      kekFile:
        e.PULSO_KEK || e.NODE_ENV === 'test'
          ? undefined
          : e.DATABASE_URL
            ? path.join(projectRoot, '.data', 'pulso-kek')
            : `${path.resolve(e.EMBEDDED_PG_DATA_DIR)}.kek`,
      freeClassRetentionMonths: e.FREE_CLASS_RETENTION_MONTHS,
    },
    spaDistDir: path.resolve(e.SPA_DIST_DIR),
    studio: {
      name: e.STUDIO_NAME,
      contactEmail: e.CONTACT_EMAIL,
      contactPhone: e.CONTACT_PHONE,
      whatsappNumber: e.WHATSAPP_NUMBER,
      address: e.STUDIO_ADDRESS,
      social: { facebook: e.SOCIAL_FACEBOOK_URL, twitter: e.SOCIAL_TWITTER_URL, instagram: e.SOCIAL_INSTAGRAM_URL },
      appStoreUrl: e.APP_STORE_URL,
      paymentLinks: e.PAYMENT_LINKS,
    },
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');

/** A `PULSO_KEK` value: 32 random bytes in base64 (the key-encryption key, ADR 0201). */
export function parseKek(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return undefined;
  const bytes = Buffer.from(trimmed, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}
