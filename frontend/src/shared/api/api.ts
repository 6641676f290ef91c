import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { generatedApi, type StatsDto, type StatsResponseDto } from './generated-api';

/** Spec section 9 "Data freshness", in seconds for keepUnusedDataFor. */
const FIVE_MINUTES = 5 * 60;
const THIRTY_MINUTES = 30 * 60;
const ONE_HOUR = 60 * 60;

/** Stats are polled, not just cached: the figures move when a member trains elsewhere. */
export const STATS_POLLING_MS = FIVE_MINUTES * 1000;

/** Spec section 9: the progress page asks for the latest 100 records. */
export const PROGRESS_QUERY = { limit: 100, offset: 0 } as const;

/** Spec section 7: a failed stats read shows zeros and empty lists rather than an error. */
export const EMPTY_STATS: StatsDto = {
  totalWorkouts: 0,
  hasWorkoutToday: false,
  currentStreak: 0,
  longestStreak: 0,
  thisWeekCount: 0,
  thisMonthCount: 0,
  totalDurationSec: 0,
  activePlans: 0,
  recentWorkouts: [],
  achievements: [],
  heartRate: { consented: false, thisMonthPoints: 0, thisWeekPoints: 0, totalPoints: 0, monthlyPointsTarget: 0, sessions: 0, badgeSessions: 0 },
};

/**
 * The one tag vocabulary. Each mutation invalidates exactly what it changes: a plan
 * completion refreshes stats, progress, the enrolments and that enrolment's current
 * workout; a running or standalone one only stats and progress. Staff pages follow live
 * activity, so any staff action refreshes every staff list.
 */
const tagTypes = [
  'Profile',
  'Onboarding',
  'Enrollment',
  'CurrentWorkout',
  'Stats',
  'Progress',
  'Staff',
  'HeartRate',
  'TimerPreset',
  'Challenge',
  'Calendar',
  'CalendarFeed',
  'EmailPreferences',
  'StudioClass',
  'StudioBoardName',
  'Consents',
  'RightsRequests',
  'Media',
  'Timetable',
  'Membership',
  'ClassRoster',
  'RememberedStraps',
  'ClassBooking',
] as const;

const LIST = 'LIST';

function enrollmentChanged(enrollmentId: string) {
  return [
    { type: 'Enrollment' as const, id: LIST },
    { type: 'Enrollment' as const, id: enrollmentId },
    { type: 'CurrentWorkout' as const, id: enrollmentId },
    'Stats' as const,
    // The workout calendar lays out the active plan where it stands.
    'Calendar' as const,
  ];
}

/** What a failed read answers instead of an error (spec section 7), after its retries. */
const enrollmentsNotFoundMeanNone = { failureAnswer: (error: FetchBaseQueryError) => (error.status === 404 ? { enrollments: [] } : undefined) };
const statsFailureMeansZeros = { failureAnswer: (): StatsResponseDto => ({ stats: EMPTY_STATS }) };

/**
 * The generated endpoints refined once: tags, spec section 9 cache lifetimes and the
 * spec section 7 answers. Components import their hooks from here and nowhere else.
 */
export const api = generatedApi.enhanceEndpoints({
  addTagTypes: tagTypes,
  endpoints: {
    getRuntimeConfig: { keepUnusedDataFor: ONE_HOUR },
    listPlans: { keepUnusedDataFor: ONE_HOUR },
    listTrainingWorkouts: { keepUnusedDataFor: ONE_HOUR, providesTags: ['Media'] },
    getTrainingWorkout: { keepUnusedDataFor: THIRTY_MINUTES, providesTags: ['Media'] },
    listRunningWorkouts: { keepUnusedDataFor: ONE_HOUR },
    getRunningWorkout: { keepUnusedDataFor: THIRTY_MINUTES },

    getMemberProfile: { providesTags: ['Profile'], keepUnusedDataFor: FIVE_MINUTES },
    getOnboardingStatus: { providesTags: ['Onboarding'], keepUnusedDataFor: FIVE_MINUTES },
    updateMemberProfile: {
      // The date of birth sets the maximum heart rate and its zones.
      invalidatesTags: (_result, error, update) =>
        error ? [] : update.updateProfileDto.completeOnboarding ? ['Profile', 'Onboarding', 'HeartRate'] : ['Profile', 'HeartRate'],
      // The answer is the saved user: show it at once instead of the old one until the refetch lands.
      async onQueryStarted(_update, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(generatedApi.util.upsertQueryData('getMemberProfile', undefined, data));
        } catch {
          // The page reports the failure; the cache keeps the last saved profile.
        }
      },
    },
    getHeartRateProfile: { providesTags: ['HeartRate'], keepUnusedDataFor: FIVE_MINUTES },
    updateHeartRateConsent: { invalidatesTags: (_result, error) => (error ? [] : ['HeartRate', 'Consents']) },
    // The answer is the profile with the new zones: shown at once, and every reader refetches.
    setMeasuredMaxHeartRate: {
      invalidatesTags: (_result, error) => (error ? [] : ['HeartRate', 'Stats']),
      async onQueryStarted(_update, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(generatedApi.util.upsertQueryData('getHeartRateProfile', undefined, data));
        } catch {
          // The form reports the failure; the cache keeps the profile as it was.
        }
      },
    },
    // A session's readings never change once kept; each download asks for them once.
    getHeartRateReadings: { keepUnusedDataFor: 0 },
    getEmailPreferences: { providesTags: ['EmailPreferences'], keepUnusedDataFor: FIVE_MINUTES },
    updateEmailPreference: {
      invalidatesTags: (_result, error) => (error ? [] : ['EmailPreferences', 'Consents']),
      // The answer is every topic as saved: the switch shows it at once instead of waiting for the refetch.
      async onQueryStarted(_update, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(generatedApi.util.upsertQueryData('getEmailPreferences', undefined, data));
        } catch {
          // The card reports the failure; the cache keeps the last saved choices.
        }
      },
    },
    // Without a session: a signed-in member's cached choices are refreshed all the same.
    optOutOfEmails: { invalidatesTags: (_result, error) => (error ? [] : ['EmailPreferences']) },
    listMemberEnrollments: {
      providesTags: (answer) => [
        { type: 'Enrollment', id: LIST },
        ...(answer?.enrollments ?? []).map((enrollment) => ({ type: 'Enrollment' as const, id: enrollment._id })),
      ],
      keepUnusedDataFor: FIVE_MINUTES,
      extraOptions: enrollmentsNotFoundMeanNone,
    },
    // A new enrolment changes the list and the active-plans figure (and Multi-Plan).
    enrollInPlan: { invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Enrollment', id: LIST }, 'Stats', 'Calendar']) },
    abandonEnrollment: { invalidatesTags: (_result, error, { id }) => (error ? [] : enrollmentChanged(id)) },
    pauseEnrollment: { invalidatesTags: (_result, error, { id }) => (error ? [] : enrollmentChanged(id)) },
    resumeEnrollment: { invalidatesTags: (_result, error, { id }) => (error ? [] : enrollmentChanged(id)) },
    getCurrentWorkout: { providesTags: (_result, _error, { id }) => [{ type: 'CurrentWorkout', id }], keepUnusedDataFor: FIVE_MINUTES },
    getProgressStats: {
      providesTags: ['Stats'],
      keepUnusedDataFor: FIVE_MINUTES,
      extraOptions: statsFailureMeansZeros,
      // A partial answer is completed with zeros.
      transformResponse: (answer: StatsResponseDto) => ({ stats: { ...EMPTY_STATS, ...answer.stats } }),
    },
    listProgress: {
      providesTags: [{ type: 'Progress', id: LIST }],
      keepUnusedDataFor: FIVE_MINUTES,
      // Spec section 7: a non-OK answer raises 'Failed to fetch progress'.
      transformErrorResponse: () => ({ status: 'CUSTOM_ERROR' as const, error: 'Failed to fetch progress' }),
    },
    completeWorkout: {
      invalidatesTags: (_result, error, { completeWorkoutDto: completion }) => {
        if (error) return [];
        // A completion moves the month's challenge progress and the calendar's done days too.
        const always = ['Stats' as const, { type: 'Progress' as const, id: LIST }, 'Challenge' as const, 'Calendar' as const];
        // A plan session advances its enrolment; a standalone or running workout touches no plan.
        return completion.enrollmentId ? [...always, ...enrollmentChanged(completion.enrollmentId)] : always;
      },
    },
    listTimerPresets: { providesTags: [{ type: 'TimerPreset', id: LIST }], keepUnusedDataFor: FIVE_MINUTES },
    createTimerPreset: { invalidatesTags: (_result, error) => (error ? [] : [{ type: 'TimerPreset', id: LIST }]) },
    deleteTimerPreset: { invalidatesTags: (_result, error) => (error ? [] : [{ type: 'TimerPreset', id: LIST }]) },

    getMemberChallenges: { providesTags: ['Challenge'], keepUnusedDataFor: FIVE_MINUTES },
    getChallengeLeaderboard: { providesTags: ['Challenge'], keepUnusedDataFor: FIVE_MINUTES },
    joinChallenge: { invalidatesTags: (_result, error) => (error ? [] : ['Challenge']) },
    updateLeaderboardPreference: {
      invalidatesTags: (_result, error) => (error ? [] : ['Challenge']),
      // The switches move at once; a failed save puts them back (the page shows why).
      async onQueryStarted({ updateLeaderboardPreferenceDto: choice }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          generatedApi.util.updateQueryData('getMemberChallenges', undefined, (draft) => {
            draft.leaderboard = { ...draft.leaderboard, ...choice };
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            generatedApi.util.updateQueryData('getMemberChallenges', undefined, (draft) => {
              draft.leaderboard = data;
            }),
          );
        } catch {
          patch.undo();
        }
      },
    },

    getTrainingCalendar: { providesTags: ['Calendar'], keepUnusedDataFor: FIVE_MINUTES },
    setTrainingSchedule: { invalidatesTags: (_result, error) => (error ? [] : ['Calendar']) },
    getCalendarFeedUrl: { providesTags: ['CalendarFeed'], keepUnusedDataFor: FIVE_MINUTES },
    // The answer is the new URL: show it at once.
    revokeCalendarFeed: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(generatedApi.util.upsertQueryData('getCalendarFeedUrl', undefined, data));
        } catch {
          // The settings panel reports the failure; the old URL stays shown (and still works).
        }
      },
    },

    listStaffEventTypes: { providesTags: ['Staff'] },
    listStaffEvents: { providesTags: ['Staff'], keepUnusedDataFor: 30 },
    getStaffEvent: { providesTags: ['Staff'] },
    listStaffMembers: { providesTags: ['Staff'] },
    getStaffMemberTimeline: { providesTags: ['Staff'] },
    getStaffProjections: { providesTags: ['Staff'], keepUnusedDataFor: 0 },
    listStaffFreeClassBookings: { providesTags: ['Staff'], keepUnusedDataFor: 30 },
    listStaffMailOutbox: { providesTags: ['Staff'] },
    rebuildAllStaffProjections: { invalidatesTags: ['Staff'] },
    rebuildStaffProjection: { invalidatesTags: ['Staff'] },
    // A guest's outcome is also their arrival on the class's roster (ADR 0380).
    recordStaffFreeClassOutcome: { invalidatesTags: ['Staff', 'ClassRoster'] },
    listStaffChallenges: { providesTags: ['Staff'], keepUnusedDataFor: 30 },
    listStaffChallengeParticipants: { providesTags: ['Staff'], keepUnusedDataFor: 30 },
    createStaffChallenge: { invalidatesTags: (_result, error) => (error ? [] : ['Staff', 'Challenge']) },
    archiveStaffChallenge: { invalidatesTags: (_result, error) => (error ? [] : ['Staff', 'Challenge']) },
    eraseStaffMemberData: { invalidatesTags: (_result, error) => (error ? [] : ['Staff']) },
    // Memberships (issue 40): the member's own card, the desk's member page and its "vencen esta semana".
    getMyMembership: { providesTags: ['Membership'], keepUnusedDataFor: FIVE_MINUTES },
    getStaffMembership: { providesTags: ['Membership'], keepUnusedDataFor: 30 },
    getExpiringMemberships: { providesTags: ['Membership'], keepUnusedDataFor: 30 },
    // The owner's view (issue 40): read again after any desk change to memberships or the timetable.
    getClassReport: { providesTags: ['Staff', 'Membership', 'Timetable'], keepUnusedDataFor: 60 },
    getMembershipPlans: { keepUnusedDataFor: ONE_HOUR },
    recordMembershipSale: { invalidatesTags: (_result, error) => (error ? [] : ['Membership', 'Staff']) },
    confirmMembershipPurchase: { invalidatesTags: (_result, error) => (error ? [] : ['Membership', 'Staff']) },
    freezeMembership: { invalidatesTags: (_result, error) => (error ? [] : ['Membership', 'Staff']) },
    unfreezeMembership: { invalidatesTags: (_result, error) => (error ? [] : ['Membership', 'Staff']) },
    // Class booking (issue 40): free spots and the member's own bookings move together; every booking
    // change refreshes both and the membership's classes left. Free spots change as others book: a minute.
    listClasses: { providesTags: ['ClassBooking'], keepUnusedDataFor: 60 },
    listMyClassBookings: { providesTags: ['ClassBooking'], keepUnusedDataFor: 60 },
    bookClass: { invalidatesTags: (_result, error) => (error ? [] : ['ClassBooking', 'Membership']) },
    cancelClassBooking: { invalidatesTags: (_result, error) => (error ? [] : ['ClassBooking', 'Membership']) },
    // Valid that day only: asked each time the member opens it.
    getClassBookingCheckInCode: { keepUnusedDataFor: 0 },
    getClassBookingSettings: { providesTags: ['Staff'], keepUnusedDataFor: 60 },
    putClassBookingSettings: { invalidatesTags: (_result, error) => (error ? [] : ['Staff', 'ClassBooking']) },
    // The desk's roster: an arrival shows at once, and the board may have given the member their strap.
    getClassRoster: {
      providesTags: (_result, _error, { date, slotId }) => [{ type: 'ClassRoster', id: `${date}|${slotId}` }],
      keepUnusedDataFor: 30,
    },
    // A guest's arrival is their free-class outcome: the desk's free-class lists follow (ADR 0380).
    checkInToClass: {
      invalidatesTags: (_result, error, { date, slotId }) => (error ? [] : [{ type: 'ClassRoster', id: `${date}|${slotId}` }, 'StudioClass', 'Staff']),
    },
    bookClassForMember: {
      invalidatesTags: (_result, error, { date, slotId }) =>
        error ? [] : [{ type: 'ClassRoster', id: `${date}|${slotId}` }, 'ClassBooking', 'Membership', 'Staff'],
    },
    // The timetable (issue 40): every staff edit refreshes the staff page and what /horarios would show.
    getStaffTimetable: { providesTags: ['Timetable'], keepUnusedDataFor: 30 },
    createClassType: { invalidatesTags: (_result, error) => (error ? [] : ['Timetable']) },
    updateClassType: { invalidatesTags: (_result, error) => (error ? [] : ['Timetable']) },
    deleteClassType: { invalidatesTags: (_result, error) => (error ? [] : ['Timetable']) },
    createWeeklySlot: { invalidatesTags: (_result, error) => (error ? [] : ['Timetable']) },
    updateWeeklySlot: { invalidatesTags: (_result, error) => (error ? [] : ['Timetable']) },
    deleteWeeklySlot: { invalidatesTags: (_result, error) => (error ? [] : ['Timetable']) },
    setClassChange: { invalidatesTags: (_result, error) => (error ? [] : ['Timetable']) },
    clearClassChange: { invalidatesTags: (_result, error) => (error ? [] : ['Timetable']) },
    closeDay: { invalidatesTags: (_result, error) => (error ? [] : ['Timetable']) },
    reopenDay: { invalidatesTags: (_result, error) => (error ? [] : ['Timetable']) },
    // The class on the studio board (issue 19): the board polls; each desk action refreshes it.
    getStudioClass: { providesTags: ['StudioClass'], keepUnusedDataFor: 0 },
    searchStudioClassPeople: { providesTags: ['StudioClass'], keepUnusedDataFor: 30 },
    startStudioClass: { invalidatesTags: (_result, error) => (error ? [] : ['StudioClass']) },
    assignStudioSensor: { invalidatesTags: (_result, error) => (error ? [] : ['StudioClass', 'RememberedStraps']) },
    // The members' remembered straps (issue 40): a pairing remembers one, the desk forgets one.
    listRememberedStraps: { providesTags: ['RememberedStraps'], keepUnusedDataFor: 60 },
    forgetRememberedStrap: { invalidatesTags: (_result, error) => (error ? [] : ['RememberedStraps', 'ClassRoster']) },
    getPublicTimetable: { providesTags: ['Timetable'], keepUnusedDataFor: FIVE_MINUTES },
    // The member's consent given on the desk's screen (ADR 0295): the desk's search shows it at once.
    recordDeskHeartRateConsent: { invalidatesTags: (_result, error) => (error ? [] : ['StudioClass', 'Staff']) },
    endStudioClass: { invalidatesTags: (_result, error) => (error ? [] : ['StudioClass', 'Staff', 'Stats', 'Progress', 'ClassRoster']) },
    getStudioBoardName: { providesTags: ['StudioBoardName'] },
    chooseStudioBoardName: {
      invalidatesTags: (_result, error) => (error ? [] : ['Consents']),
      // The switch moves at once and stays where it was put: the cache holds the choice from the
      // click on (no refetch in between that could flick it back); a failed save puts it back.
      async onQueryStarted({ studioBoardNameDto: choice }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          generatedApi.util.updateQueryData('getStudioBoardName', undefined, (draft) => {
            draft.showName = choice.showName;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(generatedApi.util.upsertQueryData('getStudioBoardName', undefined, data));
        } catch {
          patch.undo();
        }
      },
    },

    // Privacy (#21): the consent registry covers heart rate, email topics and the health data of the profile.
    getConsents: { providesTags: ['Consents'], keepUnusedDataFor: FIVE_MINUTES },
    updateConsent: {
      invalidatesTags: (_result, error) => (error ? [] : ['Consents', 'HeartRate', 'EmailPreferences', 'Profile', 'Stats', 'StudioBoardName']),
      async onQueryStarted(_update, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(generatedApi.util.upsertQueryData('getConsents', undefined, data));
        } catch {
          // The card reports the failure; the cache keeps the registry as it was.
        }
      },
    },
    listMyRightsRequests: { providesTags: ['RightsRequests'], keepUnusedDataFor: FIVE_MINUTES },
    fileRightsRequest: { invalidatesTags: (_result, error) => (error ? [] : ['RightsRequests']) },
    listRightsRequests: { providesTags: ['Staff', 'RightsRequests'], keepUnusedDataFor: 30 },
    updateRightsRequestStatus: { invalidatesTags: (_result, error) => (error ? [] : ['Staff', 'RightsRequests']) },
    fileRightsRequestAtDesk: { invalidatesTags: (_result, error) => (error ? [] : ['Staff', 'RightsRequests']) },
    // The studio's own media (ADR 0221): sent as multipart; the catalogue's pictures follow.
    listStaffMedia: { providesTags: ['Media'], keepUnusedDataFor: 30 },
    uploadExerciseMedia: {
      query: ({ exerciseId, mediaUploadFormDto }) => ({
        url: `/api/staff/media/exercises/${exerciseId}`,
        method: 'POST',
        body: mediaForm(mediaUploadFormDto.archivo),
      }),
      invalidatesTags: (_result, error) => (error ? [] : ['Media', 'CurrentWorkout']),
    },
    revertExerciseMedia: { invalidatesTags: (_result, error) => (error ? [] : ['Media', 'CurrentWorkout']) },
    // The landing's photos (ADR 0300): the file with its text and focal point in one multipart request.
    uploadLandingImage: {
      query: ({ place, landingImageFormDto: { archivo, alt, focalX, focalY } }) => ({
        url: `/api/staff/media/landing/${place}`,
        method: 'POST',
        body: mediaForm(archivo, { alt, focalX: focalX === undefined ? undefined : String(focalX), focalY: focalY === undefined ? undefined : String(focalY) }),
      }),
      invalidatesTags: (_result, error) => (error ? [] : ['Media']),
    },
    updateLandingImage: { invalidatesTags: (_result, error) => (error ? [] : ['Media']) },
    revertLandingImage: { invalidatesTags: (_result, error) => (error ? [] : ['Media']) },
  },
});

export const {
  useGetStudioClassQuery,
  useListRememberedStrapsQuery,
  useForgetRememberedStrapMutation,
  useGetPublicTimetableQuery,
  useSearchStudioClassPeopleQuery,
  useStartStudioClassMutation,
  useAssignStudioSensorMutation,
  useRecordDeskHeartRateConsentMutation,
  useRecordStudioReadingsMutation,
  useEndStudioClassMutation,
  useGetStudioBoardNameQuery,
  useChooseStudioBoardNameMutation,
  useGetRuntimeConfigQuery,
  useRegisterForFreeClassMutation,
  useGetFreeClassScheduleQuery,
  usePreviewFreeClassCancellationMutation,
  useCancelFreeClassMutation,
  useListPlansQuery,
  useListTrainingWorkoutsQuery,
  useGetTrainingWorkoutQuery,
  useListRunningWorkoutsQuery,
  useGetMemberProfileQuery,
  useGetOnboardingStatusQuery,
  useUpdateMemberProfileMutation,
  useGetHeartRateProfileQuery,
  useUpdateHeartRateConsentMutation,
  useSetMeasuredMaxHeartRateMutation,
  useLazyGetHeartRateReadingsQuery,
  useGetEmailPreferencesQuery,
  useUpdateEmailPreferenceMutation,
  useOptOutOfEmailsMutation,
  useListMemberEnrollmentsQuery,
  useEnrollInPlanMutation,
  useAbandonEnrollmentMutation,
  useResumeEnrollmentMutation,
  useGetCurrentWorkoutQuery,
  useGetProgressStatsQuery,
  useListProgressQuery,
  useCompleteWorkoutMutation,
  useListTimerPresetsQuery,
  useCreateTimerPresetMutation,
  useDeleteTimerPresetMutation,
  useGetTrainingCalendarQuery,
  useSetTrainingScheduleMutation,
  useGetCalendarFeedUrlQuery,
  useRevokeCalendarFeedMutation,
  useListStaffEventTypesQuery,
  useListStaffEventsQuery,
  useGetStaffEventQuery,
  useListStaffMembersQuery,
  useGetStaffMemberTimelineQuery,
  useEraseStaffMemberDataMutation,
  useGetMyMembershipQuery,
  useGetStaffMembershipQuery,
  useGetExpiringMembershipsQuery,
  useGetClassReportQuery,
  useGetMembershipPlansQuery,
  useRecordMembershipSaleMutation,
  useConfirmMembershipPurchaseMutation,
  useFreezeMembershipMutation,
  useUnfreezeMembershipMutation,
  useGetStaffProjectionsQuery,
  useRebuildAllStaffProjectionsMutation,
  useRebuildStaffProjectionMutation,
  useListStaffFreeClassBookingsQuery,
  useRecordStaffFreeClassOutcomeMutation,
  useListStaffMailOutboxQuery,
  useGetMemberChallengesQuery,
  useGetChallengeLeaderboardQuery,
  useJoinChallengeMutation,
  useUpdateLeaderboardPreferenceMutation,
  useListStaffChallengesQuery,
  useListStaffChallengeParticipantsQuery,
  useCreateStaffChallengeMutation,
  useArchiveStaffChallengeMutation,
  useGetStaffTimetableQuery,
  useCreateClassTypeMutation,
  useUpdateClassTypeMutation,
  useDeleteClassTypeMutation,
  useCreateWeeklySlotMutation,
  useUpdateWeeklySlotMutation,
  useDeleteWeeklySlotMutation,
  useSetClassChangeMutation,
  useClearClassChangeMutation,
  useCloseDayMutation,
  useReopenDayMutation,
  useGetConsentsQuery,
  useUpdateConsentMutation,
  useListMyRightsRequestsQuery,
  useFileRightsRequestMutation,
  useListRightsRequestsQuery,
  useUpdateRightsRequestStatusMutation,
  useFileRightsRequestAtDeskMutation,
  useListStaffMediaQuery,
  useUploadExerciseMediaMutation,
  useRevertExerciseMediaMutation,
  useUploadLandingImageMutation,
  useUpdateLandingImageMutation,
  useRevertLandingImageMutation,
  useListClassesQuery,
  useListMyClassBookingsQuery,
  useBookClassMutation,
  useCancelClassBookingMutation,
  useGetClassBookingCheckInCodeQuery,
  useGetClassBookingSettingsQuery,
  usePutClassBookingSettingsMutation,
  useGetClassRosterQuery,
  useCheckInToClassMutation,
  useBookClassForMemberMutation,
} = api;

/** One file in the multipart field the media routes read. */
function mediaForm(file: Blob, fields: Record<string, string | undefined> = {}): FormData {
  const form = new FormData();
  // Text fields first: the server reads them before the file's bytes arrive.
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  form.append('archivo', file);
  return form;
}

/** Stats with their spec polling interval; every page reads stats through this. */
export function useMemberStats() {
  return useGetProgressStatsQuery(undefined, { pollingInterval: STATS_POLLING_MS, skipPollingIfUnfocused: true });
}

/**
 * An enrolment the server refused because the member has not finished the wizard (409 with
 * `details.reason`, backend/src/modules/members/member.decider.ts): the SPA opens /onboarding.
 */
export function isOnboardingIncomplete(error: unknown): boolean {
  if (!error || typeof error !== 'object' || !('data' in error)) return false;
  const details = ((error as { data?: { details?: { reason?: unknown } } }).data ?? {}).details;
  return details?.reason === 'onboarding-incomplete';
}

/** The text a failure carries in its body (spec section 7 reads `error`, else `message`), if any. */
export function serverMessage(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data?: unknown }).data;
    if (data && typeof data === 'object') {
      const body = data as { error?: unknown; message?: unknown };
      if (typeof body.error === 'string' && body.error) return body.error;
      if (typeof body.message === 'string' && body.message) return body.message;
    }
  }
  return undefined;
}

/** The desk's roster of a class (names of the generated DTOs the Hoy page reads). */
export type {
  RosterDto as ClassRoster,
  RosterEntryDto as ClassRosterBooking,
  RosterWaitlistEntryDto as ClassRosterWaiting,
  RosterGuestDto as ClassRosterGuest,
  CheckInDto as ClassCheckInBody,
} from './generated-api';

/** The free class a confirmation's cancel link names (the cancellation page). */
export type { FreeClassByLinkDto } from './generated-api';
