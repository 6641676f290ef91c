import { baseApi as api } from "./base-api";
export const addTagTypes = ["config", "health"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getRuntimeConfig: build.query<
        GetRuntimeConfigApiResponse,
        GetRuntimeConfigApiArg
      >({
        query: () => ({ url: `/api/config` }),
        providesTags: ["config"],
      }),
      live: build.query<LiveApiResponse, LiveApiArg>({
        query: () => ({ url: `/api/health/live` }),
        providesTags: ["health"],
      }),
      ready: build.query<ReadyApiResponse, ReadyApiArg>({
        query: () => ({ url: `/api/health/ready` }),
        providesTags: ["health"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as generatedApi };
export type GetRuntimeConfigApiResponse = /** status 200  */ RuntimeConfigDto;
export type GetRuntimeConfigApiArg = void;
export type LiveApiResponse = /** status 200  */ any;
export type LiveApiArg = void;
export type ReadyApiResponse = /** status 200 Listo para atender

The Health Check is successful */ {
  details?: {
    [key: string]: {
      status: string;
      [key: string]: any;
    };
  };
  error?: {
    [key: string]: {
      status: string;
      [key: string]: any;
    };
  } | null;
  info?: {
    [key: string]: {
      status: string;
      [key: string]: any;
    };
  } | null;
  status?: string;
};
export type ReadyApiArg = void;
export type AuthSettingsDto = {
  clerkPublishableKey?: string;
  provider: "local" | "clerk";
};
export type ContactSettingsDto = {
  address: string;
  email: string;
  phone: string;
  whatsappNumber: string;
  whatsappUrl: string;
};
export type PaymentLinkPairDto = {
  oneTime: string;
  recurring: string;
};
export type SocialLinksDto = {
  facebook: string;
  instagram: string;
  twitter: string;
};
export type RuntimeConfigDto = {
  appStoreUrl: string;
  auth: AuthSettingsDto;
  contact: ContactSettingsDto;
  mediaCdnBase?: string;
  /** Enlace de pago por membresía: una URL (precio fijo) o un par {recurring, oneTime} */
  paymentLinks: {
    [key: string]: string | PaymentLinkPairDto;
  };
  social: SocialLinksDto;
  studioName: string;
};
export const { useGetRuntimeConfigQuery, useLiveQuery, useReadyQuery } =
  injectedRtkApi;
