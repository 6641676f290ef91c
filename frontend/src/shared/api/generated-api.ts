import { baseApi as api } from "./base-api";
export const addTagTypes = [
  "config",
  "health",
  "identity",
  "media",
  "catalog",
  "members",
  "free-class-bookings",
] as const;
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
      getLocalJwks: build.query<GetLocalJwksApiResponse, GetLocalJwksApiArg>({
        query: () => ({ url: `/api/identity/.well-known/jwks.json` }),
        providesTags: ["identity"],
      }),
      getCurrentIdentity: build.query<
        GetCurrentIdentityApiResponse,
        GetCurrentIdentityApiArg
      >({
        query: () => ({ url: `/api/identity/me` }),
        providesTags: ["identity"],
      }),
      refreshLocalSession: build.mutation<
        RefreshLocalSessionApiResponse,
        RefreshLocalSessionApiArg
      >({
        query: () => ({ url: `/api/identity/refresh`, method: "POST" }),
        invalidatesTags: ["identity"],
      }),
      signInLocalAccount: build.mutation<
        SignInLocalAccountApiResponse,
        SignInLocalAccountApiArg
      >({
        query: (queryArg) => ({
          url: `/api/identity/sign-in`,
          method: "POST",
          body: queryArg.signInDto,
        }),
        invalidatesTags: ["identity"],
      }),
      signOutLocalSession: build.mutation<
        SignOutLocalSessionApiResponse,
        SignOutLocalSessionApiArg
      >({
        query: () => ({ url: `/api/identity/sign-out`, method: "POST" }),
        invalidatesTags: ["identity"],
      }),
      signUpLocalAccount: build.mutation<
        SignUpLocalAccountApiResponse,
        SignUpLocalAccountApiArg
      >({
        query: (queryArg) => ({
          url: `/api/identity/sign-up`,
          method: "POST",
          body: queryArg.signUpDto,
        }),
        invalidatesTags: ["identity"],
      }),
      resendVerificationCode: build.mutation<
        ResendVerificationCodeApiResponse,
        ResendVerificationCodeApiArg
      >({
        query: (queryArg) => ({
          url: `/api/identity/verification-code`,
          method: "POST",
          body: queryArg.resendCodeDto,
        }),
        invalidatesTags: ["identity"],
      }),
      verifyLocalEmail: build.mutation<
        VerifyLocalEmailApiResponse,
        VerifyLocalEmailApiArg
      >({
        query: (queryArg) => ({
          url: `/api/identity/verify-email`,
          method: "POST",
          body: queryArg.verifyEmailDto,
        }),
        invalidatesTags: ["identity"],
      }),
      getExerciseVideo: build.query<
        GetExerciseVideoApiResponse,
        GetExerciseVideoApiArg
      >({
        query: (queryArg) => ({
          url: `/api/media/${queryArg.publicId}`,
          params: {
            quality: queryArg.quality,
          },
        }),
        providesTags: ["media"],
      }),
      getExerciseThumbnail: build.query<
        GetExerciseThumbnailApiResponse,
        GetExerciseThumbnailApiArg
      >({
        query: (queryArg) => ({
          url: `/api/media/${queryArg.publicId}/thumbnail`,
        }),
        providesTags: ["media"],
      }),
      listPlans: build.query<ListPlansApiResponse, ListPlansApiArg>({
        query: () => ({ url: `/api/plans` }),
        providesTags: ["catalog"],
      }),
      getOnboardingStatus: build.query<
        GetOnboardingStatusApiResponse,
        GetOnboardingStatusApiArg
      >({
        query: () => ({ url: `/api/platform-users/onboarding-status` }),
        providesTags: ["members"],
      }),
      getMemberProfile: build.query<
        GetMemberProfileApiResponse,
        GetMemberProfileApiArg
      >({
        query: () => ({ url: `/api/platform-users/profile` }),
        providesTags: ["members"],
      }),
      updateMemberProfile: build.mutation<
        UpdateMemberProfileApiResponse,
        UpdateMemberProfileApiArg
      >({
        query: (queryArg) => ({
          url: `/api/platform-users/profile`,
          method: "PUT",
          body: queryArg.updateProfileDto,
          headers: {
            "idempotency-key": queryArg["idempotency-key"],
            "Idempotency-Key": queryArg["Idempotency-Key"],
          },
        }),
        invalidatesTags: ["members"],
      }),
      listRunningWorkouts: build.query<
        ListRunningWorkoutsApiResponse,
        ListRunningWorkoutsApiArg
      >({
        query: () => ({ url: `/api/running-workouts` }),
        providesTags: ["catalog"],
      }),
      getRunningWorkout: build.query<
        GetRunningWorkoutApiResponse,
        GetRunningWorkoutApiArg
      >({
        query: (queryArg) => ({ url: `/api/running-workouts/${queryArg.id}` }),
        providesTags: ["catalog"],
      }),
      registerForFreeClass: build.mutation<
        RegisterForFreeClassApiResponse,
        RegisterForFreeClassApiArg
      >({
        query: (queryArg) => ({
          url: `/api/users/register`,
          method: "POST",
          body: queryArg.registerFreeClassDto,
        }),
        invalidatesTags: ["free-class-bookings"],
      }),
      listTrainingWorkouts: build.query<
        ListTrainingWorkoutsApiResponse,
        ListTrainingWorkoutsApiArg
      >({
        query: () => ({ url: `/api/workouts` }),
        providesTags: ["catalog"],
      }),
      getTrainingWorkout: build.query<
        GetTrainingWorkoutApiResponse,
        GetTrainingWorkoutApiArg
      >({
        query: (queryArg) => ({ url: `/api/workouts/${queryArg.id}` }),
        providesTags: ["catalog"],
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
export type GetLocalJwksApiResponse = /** status 200  */ JwksDto;
export type GetLocalJwksApiArg = void;
export type GetCurrentIdentityApiResponse = /** status 200  */ IdentityUserDto;
export type GetCurrentIdentityApiArg = void;
export type RefreshLocalSessionApiResponse =
  /** status 200 Nuevo token de acceso; la cookie de renovación rota */ SessionDto;
export type RefreshLocalSessionApiArg = void;
export type SignInLocalAccountApiResponse = /** status 200  */ SignInResultDto;
export type SignInLocalAccountApiArg = {
  signInDto: SignInDto;
};
export type SignOutLocalSessionApiResponse = unknown;
export type SignOutLocalSessionApiArg = void;
export type SignUpLocalAccountApiResponse =
  /** status 200 Cuenta pendiente: se envió un código de verificación */ VerificationSentDto;
export type SignUpLocalAccountApiArg = {
  signUpDto: SignUpDto;
};
export type ResendVerificationCodeApiResponse =
  /** status 200  */ VerificationSentDto;
export type ResendVerificationCodeApiArg = {
  resendCodeDto: ResendCodeDto;
};
export type VerifyLocalEmailApiResponse =
  /** status 200 Correo verificado y sesión iniciada */ SessionDto;
export type VerifyLocalEmailApiArg = {
  verifyEmailDto: VerifyEmailDto;
};
export type GetExerciseVideoApiResponse = unknown;
export type GetExerciseVideoApiArg = {
  publicId: string;
  /** Calidad del clip (sección 9); por defecto high. */
  quality?: "low" | "medium" | "high" | "ultra";
};
export type GetExerciseThumbnailApiResponse = unknown;
export type GetExerciseThumbnailApiArg = {
  publicId: string;
};
export type ListPlansApiResponse = /** status 200  */ PlanListDto;
export type ListPlansApiArg = void;
export type GetOnboardingStatusApiResponse =
  /** status 200  */ OnboardingStatusDto;
export type GetOnboardingStatusApiArg = void;
export type GetMemberProfileApiResponse = /** status 200  */ UserResponseDto;
export type GetMemberProfileApiArg = void;
export type UpdateMemberProfileApiResponse = /** status 200  */ UserResponseDto;
export type UpdateMemberProfileApiArg = {
  "idempotency-key": string;
  /** UUID; un reintento con la misma clave se aplica una sola vez */
  "Idempotency-Key"?: string;
  updateProfileDto: UpdateProfileDto;
};
export type ListRunningWorkoutsApiResponse =
  /** status 200  */ RunningWorkoutListDto;
export type ListRunningWorkoutsApiArg = void;
export type GetRunningWorkoutApiResponse =
  /** status 200  */ RunningWorkoutDetailDto;
export type GetRunningWorkoutApiArg = {
  id: string;
};
export type RegisterForFreeClassApiResponse =
  /** status 201 Clase gratis reservada; el correo de confirmación va en camino */ FreeClassRegisteredDto;
export type RegisterForFreeClassApiArg = {
  registerFreeClassDto: RegisterFreeClassDto;
};
export type ListTrainingWorkoutsApiResponse =
  /** status 200 Con ETag: un If-None-Match vigente recibe 304. */ WorkoutListDto;
export type ListTrainingWorkoutsApiArg = void;
export type GetTrainingWorkoutApiResponse = /** status 200  */ WorkoutDetailDto;
export type GetTrainingWorkoutApiArg = {
  id: string;
};
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
export type JwksDto = {
  keys: {
    [key: string]: any;
  }[];
};
export type IdentityUserDto = {
  email: string;
  firstName: string;
  lastName: string;
  role: "member" | "staff";
  userId: string;
};
export type SessionDto = {
  /** Token de acceso RS256 para la cabecera Authorization: Bearer */
  accessToken: string;
  /** Segundos de validez del token de acceso */
  expiresIn: number;
  user: IdentityUserDto;
};
export type SignInResultDto = {
  /** Presente cuando status es needs_verification */
  email?: string;
  /** Presente cuando status es complete */
  session?: SessionDto;
  status: "complete" | "needs_verification";
};
export type SignInDto = {
  email: string;
  password: string;
};
export type VerificationSentDto = {
  /** El correo al que se envió el código */
  email: string;
};
export type SignUpDto = {
  email: string;
  firstName: string;
  lastName: string;
  /** Mínimo 8 caracteres con mayúsculas, minúsculas y números */
  password: string;
};
export type ResendCodeDto = {
  email: string;
};
export type VerifyEmailDto = {
  /** El código de 6 dígitos enviado por correo */
  code: string;
  email: string;
};
export type PlanWorkoutDto = {
  /** Id del entrenamiento (GET /api/workouts/{id}). */
  _id: string;
  difficulty: "beginner" | "intermediate" | "advanced";
  estDurationMin: number;
  estDurationSec: number;
  goal: string;
  title: string;
  /** Semana del plan en la que toca (1 = primera). */
  week: number;
  workoutType: (
    | "strength"
    | "cardio"
    | "hiit"
    | "flexibility"
    | "full-body"
    | "upper-body"
    | "lower-body"
    | "core"
    | "plyometric"
    | "mobility"
    | "endurance"
    | "balance"
  )[];
};
export type PlanDto = {
  _id: string;
  description: string;
  difficulty: "beginner" | "intermediate" | "advanced";
  estimatedWeeks: number;
  title: string;
  totalWorkouts: number;
  /** Entrenamientos en el orden en que se hacen; un entrenamiento puede repetirse en varias semanas. */
  workouts: PlanWorkoutDto[];
};
export type PlanListDto = {
  plans: PlanDto[];
};
export type OnboardingStatusDto = {
  onboardingCompleted: boolean;
};
export type ProfileDto = {
  dateOfBirth: object | null;
  fitnessLevel: ("beginner" | "intermediate" | "advanced") | null;
  gender: ("male" | "female" | "other") | null;
  goals: string[];
  height: object | null;
  weight: object | null;
};
export type UserDto = {
  email: string;
  firstName: string;
  lastName: string;
  onboardingCompleted: boolean;
  profile: ProfileDto;
};
export type UserResponseDto = {
  user: UserDto;
};
export type ProfileInputDto = {
  /** Fecha + T12:00:00.000Z, o null */
  dateOfBirth?: object | null;
  fitnessLevel?: ("beginner" | "intermediate" | "advanced") | null;
  gender?: ("male" | "female" | "other" | "") | null;
  goals?: string[];
  /** cm */
  height?: object | null;
  /** kg */
  weight?: object | null;
};
export type UpdateProfileDto = {
  /** true desde el asistente de perfil; false desde la página de perfil */
  completeOnboarding?: boolean;
  profile: ProfileInputDto;
};
export type IntervalDto = {
  description: string;
  /** Kilómetros (intervalos por distancia). */
  distance?: number;
  /** Minutos (intervalos por tiempo). */
  duration?: number;
  pace: string;
  /** Veces que se repite el intervalo; si falta, una. */
  repetitions?: number;
  type:
    | "warmup"
    | "run"
    | "tempo"
    | "hard"
    | "sprint"
    | "hill"
    | "recovery"
    | "walk"
    | "cooldown";
};
export type RunningWorkoutDto = {
  _id: string;
  /** Kilocalorías estimadas para una persona de 70 kg. */
  calories: number;
  description: string;
  difficulty: "beginner" | "intermediate" | "advanced";
  /** Kilómetros. */
  distance: number;
  /** Minutos. */
  duration: number;
  goal: string;
  intervals: IntervalDto[];
  isRunning: true;
  paceInstructions: string;
  requirements: string[];
  runningType:
    | "easy-run"
    | "long-run"
    | "tempo-run"
    | "interval-training"
    | "fartlek"
    | "hill-repeats"
    | "recovery-run"
    | "race-pace"
    | "sprint"
    | "trail-run";
  terrain: "road" | "trail" | "track" | "treadmill" | "mixed";
  tips: string[];
  title: string;
};
export type RunningWorkoutListDto = {
  workouts: RunningWorkoutDto[];
};
export type RunningWorkoutDetailDto = {
  workout: RunningWorkoutDto;
};
export type FreeClassBookingDto = {
  className: string;
  date: string;
  id: string;
  time: string;
};
export type FreeClassRegisteredDto = {
  booking: FreeClassBookingDto;
  message: string;
};
export type RegisterFreeClassDto = {
  /** Formato internacional E.164: + código de país y número */
  cellphone: string;
  /** Fecha de la clase (YYYY-MM-DD) en hora de El Salvador */
  date: string;
  /** DUI salvadoreño: 8 o 9 dígitos, sin guion */
  dui: string;
  email: string;
  lastname: string;
  name: string;
  /** Horario tal como lo ofrece el formulario */
  time: string;
};
export type MediaDto = {
  /** Identificador del clip en el CDN de medios; lo comparten los ejercicios de una familia. */
  publicId: string;
  secureUrl: string;
  thumbSecureUrl: string;
  /** Clip en calidad por defecto (high). En modo embebido acepta `?quality=low|medium|high|ultra`; con CDN la calidad es una transformación tras `/video/upload/`. */
  videoUrl: string;
};
export type ExerciseDetailsDto = {
  media: MediaDto;
  name: string;
  primaryMuscles: string[];
};
export type RoundExerciseDto = {
  details: ExerciseDetailsDto;
  exerciseId: string;
  /** Repeticiones objetivo (solo type reps). */
  exerciseReps?: number;
  /** Segundos de descanso después del ejercicio; si falta, el reproductor descansa 10 s. */
  exerciseRest?: number;
  /** Segundos de trabajo (solo type time). */
  exerciseTime?: number;
  /** 'time': dura exerciseTime segundos; 'reps': el miembro pulsa 'Terminé' al completar exerciseReps. */
  type: "time" | "reps";
};
export type RoundDto = {
  exercises: RoundExerciseDto[];
  /** Segundos de descanso al terminar la ronda; si falta, el reproductor descansa 10 s. */
  restBetweenRounds?: number;
  roundName: string;
  roundType:
    | "warmup"
    | "cooldown"
    | "circuit"
    | "superset"
    | "standard"
    | "main"
    | "strength"
    | "cardio";
};
export type WorkoutDto = {
  _id: string;
  /** Minutos calculados de las rondas, redondeados hacia arriba. */
  calculatedDurationMin: number;
  description: string;
  difficulty: "beginner" | "intermediate" | "advanced";
  /** Duración en minutos (igual a estDurationMin). */
  duration: number;
  /** Duración anunciada, en minutos. */
  estDurationMin: number;
  /** Duración estimada en segundos, calculada de las rondas como las reproduce el reproductor. */
  estDurationSec: number;
  goal: string;
  requiresEquipment: string[];
  rounds: RoundDto[];
  targetMuscles: string[];
  title: string;
  totalRounds: number;
  workoutType: (
    | "strength"
    | "cardio"
    | "hiit"
    | "flexibility"
    | "full-body"
    | "upper-body"
    | "lower-body"
    | "core"
    | "plyometric"
    | "mobility"
    | "endurance"
    | "balance"
  )[];
};
export type WorkoutListDto = {
  workouts: WorkoutDto[];
};
export type WorkoutDetailDto = {
  workout: WorkoutDto;
};
export const {
  useGetRuntimeConfigQuery,
  useLiveQuery,
  useReadyQuery,
  useGetLocalJwksQuery,
  useGetCurrentIdentityQuery,
  useRefreshLocalSessionMutation,
  useSignInLocalAccountMutation,
  useSignOutLocalSessionMutation,
  useSignUpLocalAccountMutation,
  useResendVerificationCodeMutation,
  useVerifyLocalEmailMutation,
  useGetExerciseVideoQuery,
  useGetExerciseThumbnailQuery,
  useListPlansQuery,
  useGetOnboardingStatusQuery,
  useGetMemberProfileQuery,
  useUpdateMemberProfileMutation,
  useListRunningWorkoutsQuery,
  useGetRunningWorkoutQuery,
  useRegisterForFreeClassMutation,
  useListTrainingWorkoutsQuery,
  useGetTrainingWorkoutQuery,
} = injectedRtkApi;
