import { baseApi as api } from './base-api';
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCalendarFeed: build.query<GetCalendarFeedApiResponse, GetCalendarFeedApiArg>({
      query: (queryArg) => ({ url: `/api/calendar/${queryArg.file}` }),
    }),
    getMemberChallenges: build.query<GetMemberChallengesApiResponse, GetMemberChallengesApiArg>({
      query: () => ({ url: `/api/challenges` }),
    }),
    updateLeaderboardPreference: build.mutation<UpdateLeaderboardPreferenceApiResponse, UpdateLeaderboardPreferenceApiArg>({
      query: (queryArg) => ({
        url: `/api/challenges/leaderboard-preference`,
        method: 'PUT',
        body: queryArg.updateLeaderboardPreferenceDto,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    joinChallenge: build.mutation<JoinChallengeApiResponse, JoinChallengeApiArg>({
      query: (queryArg) => ({
        url: `/api/challenges/${queryArg.challengeId}/join`,
        method: 'POST',
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    getChallengeLeaderboard: build.query<GetChallengeLeaderboardApiResponse, GetChallengeLeaderboardApiArg>({
      query: (queryArg) => ({ url: `/api/challenges/${queryArg.challengeId}/leaderboard` }),
    }),
    listClasses: build.query<ListClassesApiResponse, ListClassesApiArg>({
      query: (queryArg) => ({
        url: `/api/classes`,
        params: {
          from: queryArg['from'],
          days: queryArg.days,
        },
      }),
    }),
    listMyClassBookings: build.query<ListMyClassBookingsApiResponse, ListMyClassBookingsApiArg>({
      query: () => ({ url: `/api/classes/bookings/me` }),
    }),
    cancelClassBooking: build.mutation<CancelClassBookingApiResponse, CancelClassBookingApiArg>({
      query: (queryArg) => ({ url: `/api/classes/bookings/${queryArg.bookingId}`, method: 'DELETE' }),
    }),
    getClassBookingCheckInCode: build.query<GetClassBookingCheckInCodeApiResponse, GetClassBookingCheckInCodeApiArg>({
      query: (queryArg) => ({ url: `/api/classes/bookings/${queryArg.bookingId}/check-in-code` }),
    }),
    getClassBookingIcs: build.query<GetClassBookingIcsApiResponse, GetClassBookingIcsApiArg>({
      query: (queryArg) => ({ url: `/api/classes/bookings/${queryArg.file}` }),
    }),
    bookClass: build.mutation<BookClassApiResponse, BookClassApiArg>({
      query: (queryArg) => ({
        url: `/api/classes/${queryArg.date}/${queryArg.slotId}/bookings`,
        method: 'POST',
        body: queryArg.bookClassDto,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    getRuntimeConfig: build.query<GetRuntimeConfigApiResponse, GetRuntimeConfigApiArg>({
      query: () => ({ url: `/api/config` }),
    }),
    getEmailPreferences: build.query<GetEmailPreferencesApiResponse, GetEmailPreferencesApiArg>({
      query: () => ({ url: `/api/email-preferences` }),
    }),
    optOutOfEmails: build.mutation<OptOutOfEmailsApiResponse, OptOutOfEmailsApiArg>({
      query: (queryArg) => ({ url: `/api/email-preferences/opt-out`, method: 'POST', body: queryArg.emailOptOutDto }),
    }),
    updateEmailPreference: build.mutation<UpdateEmailPreferenceApiResponse, UpdateEmailPreferenceApiArg>({
      query: (queryArg) => ({
        url: `/api/email-preferences/${queryArg.topic}`,
        method: 'PUT',
        body: queryArg.updateEmailPreferenceDto,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    listMemberEnrollments: build.query<ListMemberEnrollmentsApiResponse, ListMemberEnrollmentsApiArg>({
      query: () => ({ url: `/api/enrollments` }),
    }),
    enrollInPlan: build.mutation<EnrollInPlanApiResponse, EnrollInPlanApiArg>({
      query: (queryArg) => ({
        url: `/api/enrollments`,
        method: 'POST',
        body: queryArg.createEnrollmentDto,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    abandonEnrollment: build.mutation<AbandonEnrollmentApiResponse, AbandonEnrollmentApiArg>({
      query: (queryArg) => ({
        url: `/api/enrollments/${queryArg.id}`,
        method: 'DELETE',
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    getCurrentWorkout: build.query<GetCurrentWorkoutApiResponse, GetCurrentWorkoutApiArg>({
      query: (queryArg) => ({ url: `/api/enrollments/${queryArg.id}/current` }),
    }),
    pauseEnrollment: build.mutation<PauseEnrollmentApiResponse, PauseEnrollmentApiArg>({
      query: (queryArg) => ({
        url: `/api/enrollments/${queryArg.id}/pause`,
        method: 'POST',
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    resumeEnrollment: build.mutation<ResumeEnrollmentApiResponse, ResumeEnrollmentApiArg>({
      query: (queryArg) => ({
        url: `/api/enrollments/${queryArg.id}/resume`,
        method: 'POST',
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    cancelFreeClass: build.mutation<CancelFreeClassApiResponse, CancelFreeClassApiArg>({
      query: (queryArg) => ({ url: `/api/free-class/cancellation`, method: 'POST', body: queryArg.freeClassCancelLinkDto }),
    }),
    previewFreeClassCancellation: build.mutation<PreviewFreeClassCancellationApiResponse, PreviewFreeClassCancellationApiArg>({
      query: (queryArg) => ({ url: `/api/free-class/cancellation/preview`, method: 'POST', body: queryArg.freeClassCancelLinkDto }),
    }),
    getFreeClassSchedule: build.query<GetFreeClassScheduleApiResponse, GetFreeClassScheduleApiArg>({
      query: () => ({ url: `/api/free-class/schedule` }),
    }),
    live: build.query<LiveApiResponse, LiveApiArg>({
      query: () => ({ url: `/api/health/live` }),
    }),
    ready: build.query<ReadyApiResponse, ReadyApiArg>({
      query: () => ({ url: `/api/health/ready` }),
    }),
    updateHeartRateConsent: build.mutation<UpdateHeartRateConsentApiResponse, UpdateHeartRateConsentApiArg>({
      query: (queryArg) => ({
        url: `/api/heart-rate/consent`,
        method: 'PUT',
        body: queryArg.updateHeartRateConsentDto,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    setMeasuredMaxHeartRate: build.mutation<SetMeasuredMaxHeartRateApiResponse, SetMeasuredMaxHeartRateApiArg>({
      query: (queryArg) => ({
        url: `/api/heart-rate/max`,
        method: 'PUT',
        body: queryArg.setMeasuredMaxHeartRateDto,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    getHeartRateProfile: build.query<GetHeartRateProfileApiResponse, GetHeartRateProfileApiArg>({
      query: () => ({ url: `/api/heart-rate/profile` }),
    }),
    getHeartRateReadings: build.query<GetHeartRateReadingsApiResponse, GetHeartRateReadingsApiArg>({
      query: (queryArg) => ({ url: `/api/heart-rate/sessions/${queryArg.completionId}/readings` }),
    }),
    getLocalJwks: build.query<GetLocalJwksApiResponse, GetLocalJwksApiArg>({
      query: () => ({ url: `/api/identity/.well-known/jwks.json` }),
    }),
    getCurrentIdentity: build.query<GetCurrentIdentityApiResponse, GetCurrentIdentityApiArg>({
      query: () => ({ url: `/api/identity/me` }),
    }),
    refreshLocalSession: build.mutation<RefreshLocalSessionApiResponse, RefreshLocalSessionApiArg>({
      query: () => ({ url: `/api/identity/refresh`, method: 'POST' }),
    }),
    getSecondFactorStatus: build.query<GetSecondFactorStatusApiResponse, GetSecondFactorStatusApiArg>({
      query: () => ({ url: `/api/identity/second-factor` }),
    }),
    attemptSecondFactor: build.mutation<AttemptSecondFactorApiResponse, AttemptSecondFactorApiArg>({
      query: (queryArg) => ({ url: `/api/identity/second-factor`, method: 'POST', body: queryArg.secondFactorDto }),
    }),
    beginTotpEnrollment: build.mutation<BeginTotpEnrollmentApiResponse, BeginTotpEnrollmentApiArg>({
      query: () => ({ url: `/api/identity/second-factor/enrollment`, method: 'POST' }),
    }),
    confirmTotpEnrollment: build.mutation<ConfirmTotpEnrollmentApiResponse, ConfirmTotpEnrollmentApiArg>({
      query: (queryArg) => ({ url: `/api/identity/second-factor/enrollment/confirm`, method: 'POST', body: queryArg.confirmTotpDto }),
    }),
    signInLocalAccount: build.mutation<SignInLocalAccountApiResponse, SignInLocalAccountApiArg>({
      query: (queryArg) => ({ url: `/api/identity/sign-in`, method: 'POST', body: queryArg.signInDto }),
    }),
    signOutLocalSession: build.mutation<SignOutLocalSessionApiResponse, SignOutLocalSessionApiArg>({
      query: () => ({ url: `/api/identity/sign-out`, method: 'POST' }),
    }),
    signUpLocalAccount: build.mutation<SignUpLocalAccountApiResponse, SignUpLocalAccountApiArg>({
      query: (queryArg) => ({ url: `/api/identity/sign-up`, method: 'POST', body: queryArg.signUpDto }),
    }),
    resendVerificationCode: build.mutation<ResendVerificationCodeApiResponse, ResendVerificationCodeApiArg>({
      query: (queryArg) => ({ url: `/api/identity/verification-code`, method: 'POST', body: queryArg.resendCodeDto }),
    }),
    verifyLocalEmail: build.mutation<VerifyLocalEmailApiResponse, VerifyLocalEmailApiArg>({
      query: (queryArg) => ({ url: `/api/identity/verify-email`, method: 'POST', body: queryArg.verifyEmailDto }),
    }),
    listLandingImages: build.query<ListLandingImagesApiResponse, ListLandingImagesApiArg>({
      query: () => ({ url: `/api/media/landing` }),
    }),
    getStudioUpload: build.query<GetStudioUploadApiResponse, GetStudioUploadApiArg>({
      query: (queryArg) => ({ url: `/api/media/uploads/${queryArg.fileName}` }),
    }),
    getExerciseVideo: build.query<GetExerciseVideoApiResponse, GetExerciseVideoApiArg>({
      query: (queryArg) => ({
        url: `/api/media/${queryArg.publicId}`,
        params: {
          quality: queryArg.quality,
        },
      }),
    }),
    getExerciseThumbnail: build.query<GetExerciseThumbnailApiResponse, GetExerciseThumbnailApiArg>({
      query: (queryArg) => ({ url: `/api/media/${queryArg.publicId}/thumbnail` }),
    }),
    getMyMembership: build.query<GetMyMembershipApiResponse, GetMyMembershipApiArg>({
      query: () => ({ url: `/api/memberships/me` }),
    }),
    listPlans: build.query<ListPlansApiResponse, ListPlansApiArg>({
      query: () => ({ url: `/api/plans` }),
    }),
    getOnboardingStatus: build.query<GetOnboardingStatusApiResponse, GetOnboardingStatusApiArg>({
      query: () => ({ url: `/api/platform-users/onboarding-status` }),
    }),
    getMemberProfile: build.query<GetMemberProfileApiResponse, GetMemberProfileApiArg>({
      query: () => ({ url: `/api/platform-users/profile` }),
    }),
    updateMemberProfile: build.mutation<UpdateMemberProfileApiResponse, UpdateMemberProfileApiArg>({
      query: (queryArg) => ({
        url: `/api/platform-users/profile`,
        method: 'PUT',
        body: queryArg.updateProfileDto,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    getConsents: build.query<GetConsentsApiResponse, GetConsentsApiArg>({
      query: () => ({ url: `/api/privacy/consents` }),
    }),
    updateConsent: build.mutation<UpdateConsentApiResponse, UpdateConsentApiArg>({
      query: (queryArg) => ({
        url: `/api/privacy/consents/${queryArg.consent}`,
        method: 'PUT',
        body: queryArg.updateConsentDto,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    exportMyData: build.query<ExportMyDataApiResponse, ExportMyDataApiArg>({
      query: () => ({ url: `/api/privacy/export` }),
    }),
    listMyRightsRequests: build.query<ListMyRightsRequestsApiResponse, ListMyRightsRequestsApiArg>({
      query: () => ({ url: `/api/privacy/requests` }),
    }),
    fileRightsRequest: build.mutation<FileRightsRequestApiResponse, FileRightsRequestApiArg>({
      query: (queryArg) => ({ url: `/api/privacy/requests`, method: 'POST', body: queryArg.fileRightsRequestDto }),
    }),
    listProgress: build.query<ListProgressApiResponse, ListProgressApiArg>({
      query: (queryArg) => ({
        url: `/api/progress`,
        params: {
          limit: queryArg.limit,
          offset: queryArg.offset,
        },
      }),
    }),
    completeWorkout: build.mutation<CompleteWorkoutApiResponse, CompleteWorkoutApiArg>({
      query: (queryArg) => ({
        url: `/api/progress/complete`,
        method: 'POST',
        body: queryArg.completeWorkoutDto,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    getProgressStats: build.query<GetProgressStatsApiResponse, GetProgressStatsApiArg>({
      query: () => ({ url: `/api/progress/stats` }),
    }),
    listRunningWorkouts: build.query<ListRunningWorkoutsApiResponse, ListRunningWorkoutsApiArg>({
      query: () => ({ url: `/api/running-workouts` }),
    }),
    getRunningWorkout: build.query<GetRunningWorkoutApiResponse, GetRunningWorkoutApiArg>({
      query: (queryArg) => ({ url: `/api/running-workouts/${queryArg.id}` }),
    }),
    listStaffChallenges: build.query<ListStaffChallengesApiResponse, ListStaffChallengesApiArg>({
      query: () => ({ url: `/api/staff/challenges` }),
    }),
    createStaffChallenge: build.mutation<CreateStaffChallengeApiResponse, CreateStaffChallengeApiArg>({
      query: (queryArg) => ({ url: `/api/staff/challenges`, method: 'POST', body: queryArg.createChallengeDto }),
    }),
    archiveStaffChallenge: build.mutation<ArchiveStaffChallengeApiResponse, ArchiveStaffChallengeApiArg>({
      query: (queryArg) => ({ url: `/api/staff/challenges/${queryArg.challengeId}/archive`, method: 'POST' }),
    }),
    listStaffChallengeParticipants: build.query<ListStaffChallengeParticipantsApiResponse, ListStaffChallengeParticipantsApiArg>({
      query: (queryArg) => ({ url: `/api/staff/challenges/${queryArg.challengeId}/participants` }),
    }),
    exportStaffChallengeParticipants: build.query<ExportStaffChallengeParticipantsApiResponse, ExportStaffChallengeParticipantsApiArg>({
      query: (queryArg) => ({ url: `/api/staff/challenges/${queryArg.challengeId}/participants/export.csv` }),
    }),
    getClassBookingSettings: build.query<GetClassBookingSettingsApiResponse, GetClassBookingSettingsApiArg>({
      query: () => ({ url: `/api/staff/class-booking-settings` }),
    }),
    putClassBookingSettings: build.mutation<PutClassBookingSettingsApiResponse, PutClassBookingSettingsApiArg>({
      query: (queryArg) => ({ url: `/api/staff/class-booking-settings`, method: 'PUT', body: queryArg.classBookingSettingsDto }),
    }),
    getClassReport: build.query<GetClassReportApiResponse, GetClassReportApiArg>({
      query: (queryArg) => ({
        url: `/api/staff/class-report`,
        params: {
          from: queryArg['from'],
          to: queryArg.to,
        },
      }),
    }),
    bookClassForMember: build.mutation<BookClassForMemberApiResponse, BookClassForMemberApiArg>({
      query: (queryArg) => ({
        url: `/api/staff/classes/${queryArg.date}/${queryArg.slotId}/bookings`,
        method: 'POST',
        body: queryArg.deskBookClassDto,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    checkInToClass: build.mutation<CheckInToClassApiResponse, CheckInToClassApiArg>({
      query: (queryArg) => ({ url: `/api/staff/classes/${queryArg.date}/${queryArg.slotId}/check-ins`, method: 'POST', body: queryArg.checkInDto }),
    }),
    getClassRoster: build.query<GetClassRosterApiResponse, GetClassRosterApiArg>({
      query: (queryArg) => ({ url: `/api/staff/classes/${queryArg.date}/${queryArg.slotId}/roster` }),
    }),
    listStaffEventTypes: build.query<ListStaffEventTypesApiResponse, ListStaffEventTypesApiArg>({
      query: () => ({ url: `/api/staff/event-types` }),
    }),
    listStaffEvents: build.query<ListStaffEventsApiResponse, ListStaffEventsApiArg>({
      query: (queryArg) => ({
        url: `/api/staff/events`,
        params: {
          member: queryArg.member,
          stream: queryArg.stream,
          type: queryArg['type'],
          from: queryArg['from'],
          to: queryArg.to,
          q: queryArg.q,
          before: queryArg.before,
          limit: queryArg.limit,
        },
      }),
    }),
    exportStaffEvents: build.query<ExportStaffEventsApiResponse, ExportStaffEventsApiArg>({
      query: (queryArg) => ({
        url: `/api/staff/events/export.csv`,
        params: {
          member: queryArg.member,
          stream: queryArg.stream,
          type: queryArg['type'],
          from: queryArg['from'],
          to: queryArg.to,
          q: queryArg.q,
        },
      }),
    }),
    getStaffEvent: build.query<GetStaffEventApiResponse, GetStaffEventApiArg>({
      query: (queryArg) => ({ url: `/api/staff/events/${queryArg.eventId}` }),
    }),
    listStaffFreeClassBookings: build.query<ListStaffFreeClassBookingsApiResponse, ListStaffFreeClassBookingsApiArg>({
      query: (queryArg) => ({
        url: `/api/staff/free-class-bookings`,
        params: {
          from: queryArg['from'],
          to: queryArg.to,
          slot: queryArg.slot,
        },
      }),
    }),
    exportStaffFreeClassBookings: build.query<ExportStaffFreeClassBookingsApiResponse, ExportStaffFreeClassBookingsApiArg>({
      query: (queryArg) => ({
        url: `/api/staff/free-class-bookings/export.csv`,
        params: {
          from: queryArg['from'],
          to: queryArg.to,
          slot: queryArg.slot,
        },
      }),
    }),
    recordStaffFreeClassOutcome: build.mutation<RecordStaffFreeClassOutcomeApiResponse, RecordStaffFreeClassOutcomeApiArg>({
      query: (queryArg) => ({ url: `/api/staff/free-class-bookings/${queryArg.id}/outcome`, method: 'POST', body: queryArg.recordOutcomeDto }),
    }),
    listStaffMailOutbox: build.query<ListStaffMailOutboxApiResponse, ListStaffMailOutboxApiArg>({
      query: (queryArg) => ({
        url: `/api/staff/mail-outbox`,
        params: {
          recipient: queryArg.recipient,
          before: queryArg.before,
          limit: queryArg.limit,
        },
      }),
    }),
    listStaffMedia: build.query<ListStaffMediaApiResponse, ListStaffMediaApiArg>({
      query: () => ({ url: `/api/staff/media` }),
    }),
    uploadExerciseMedia: build.mutation<UploadExerciseMediaApiResponse, UploadExerciseMediaApiArg>({
      query: (queryArg) => ({ url: `/api/staff/media/exercises/${queryArg.exerciseId}`, method: 'POST', body: queryArg.mediaUploadFormDto }),
    }),
    revertExerciseMedia: build.mutation<RevertExerciseMediaApiResponse, RevertExerciseMediaApiArg>({
      query: (queryArg) => ({ url: `/api/staff/media/exercises/${queryArg.exerciseId}/${queryArg.mediaKind}`, method: 'DELETE' }),
    }),
    revertLandingImage: build.mutation<RevertLandingImageApiResponse, RevertLandingImageApiArg>({
      query: (queryArg) => ({ url: `/api/staff/media/landing/${queryArg.place}`, method: 'DELETE' }),
    }),
    updateLandingImage: build.mutation<UpdateLandingImageApiResponse, UpdateLandingImageApiArg>({
      query: (queryArg) => ({ url: `/api/staff/media/landing/${queryArg.place}`, method: 'PATCH', body: queryArg.landingImageDetailsDto }),
    }),
    uploadLandingImage: build.mutation<UploadLandingImageApiResponse, UploadLandingImageApiArg>({
      query: (queryArg) => ({ url: `/api/staff/media/landing/${queryArg.place}`, method: 'POST', body: queryArg.landingImageFormDto }),
    }),
    listStaffMembers: build.query<ListStaffMembersApiResponse, ListStaffMembersApiArg>({
      query: (queryArg) => ({
        url: `/api/staff/members`,
        params: {
          q: queryArg.q,
          inactiveDays: queryArg.inactiveDays,
          limit: queryArg.limit,
          offset: queryArg.offset,
        },
      }),
    }),
    eraseStaffMemberData: build.mutation<EraseStaffMemberDataApiResponse, EraseStaffMemberDataApiArg>({
      query: (queryArg) => ({ url: `/api/staff/members/${queryArg.userId}/erasure`, method: 'POST', body: queryArg.eraseMemberDataDto }),
    }),
    exportMemberData: build.query<ExportMemberDataApiResponse, ExportMemberDataApiArg>({
      query: (queryArg) => ({ url: `/api/staff/members/${queryArg.userId}/export` }),
    }),
    recordDeskHeartRateConsent: build.mutation<RecordDeskHeartRateConsentApiResponse, RecordDeskHeartRateConsentApiArg>({
      query: (queryArg) => ({
        url: `/api/staff/members/${queryArg.userId}/heart-rate-consent`,
        method: 'PUT',
        body: queryArg.recordDeskHeartRateConsentDto,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    getStaffMembership: build.query<GetStaffMembershipApiResponse, GetStaffMembershipApiArg>({
      query: (queryArg) => ({ url: `/api/staff/members/${queryArg.userId}/membership` }),
    }),
    freezeMembership: build.mutation<FreezeMembershipApiResponse, FreezeMembershipApiArg>({
      query: (queryArg) => ({
        url: `/api/staff/members/${queryArg.userId}/membership/freeze`,
        method: 'POST',
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    confirmMembershipPurchase: build.mutation<ConfirmMembershipPurchaseApiResponse, ConfirmMembershipPurchaseApiArg>({
      query: (queryArg) => ({
        url: `/api/staff/members/${queryArg.userId}/membership/purchase-confirmations`,
        method: 'POST',
        body: queryArg.confirmMembershipPurchaseDto,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    recordMembershipSale: build.mutation<RecordMembershipSaleApiResponse, RecordMembershipSaleApiArg>({
      query: (queryArg) => ({
        url: `/api/staff/members/${queryArg.userId}/membership/sales`,
        method: 'POST',
        body: queryArg.recordMembershipSaleDto,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    unfreezeMembership: build.mutation<UnfreezeMembershipApiResponse, UnfreezeMembershipApiArg>({
      query: (queryArg) => ({
        url: `/api/staff/members/${queryArg.userId}/membership/unfreeze`,
        method: 'POST',
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    getStaffMemberTimeline: build.query<GetStaffMemberTimelineApiResponse, GetStaffMemberTimelineApiArg>({
      query: (queryArg) => ({
        url: `/api/staff/members/${queryArg.userId}/timeline`,
        params: {
          before: queryArg.before,
          limit: queryArg.limit,
        },
      }),
    }),
    getExpiringMemberships: build.query<GetExpiringMembershipsApiResponse, GetExpiringMembershipsApiArg>({
      query: () => ({ url: `/api/staff/memberships/expiring` }),
    }),
    getMembershipPlans: build.query<GetMembershipPlansApiResponse, GetMembershipPlansApiArg>({
      query: () => ({ url: `/api/staff/memberships/plans` }),
    }),
    getStaffProjections: build.query<GetStaffProjectionsApiResponse, GetStaffProjectionsApiArg>({
      query: () => ({ url: `/api/staff/projections` }),
    }),
    rebuildAllStaffProjections: build.mutation<RebuildAllStaffProjectionsApiResponse, RebuildAllStaffProjectionsApiArg>({
      query: () => ({ url: `/api/staff/projections/rebuild-all`, method: 'POST' }),
    }),
    rebuildStaffProjection: build.mutation<RebuildStaffProjectionApiResponse, RebuildStaffProjectionApiArg>({
      query: (queryArg) => ({ url: `/api/staff/projections/${queryArg.name}/rebuild`, method: 'POST' }),
    }),
    listRightsRequests: build.query<ListRightsRequestsApiResponse, ListRightsRequestsApiArg>({
      query: () => ({ url: `/api/staff/rights-requests` }),
    }),
    fileRightsRequestAtDesk: build.mutation<FileRightsRequestAtDeskApiResponse, FileRightsRequestAtDeskApiArg>({
      query: (queryArg) => ({ url: `/api/staff/rights-requests`, method: 'POST', body: queryArg.staffFileRightsRequestDto }),
    }),
    updateRightsRequestStatus: build.mutation<UpdateRightsRequestStatusApiResponse, UpdateRightsRequestStatusApiArg>({
      query: (queryArg) => ({ url: `/api/staff/rights-requests/${queryArg.requestId}`, method: 'PATCH', body: queryArg.updateRightsRequestStatusDto }),
    }),
    getStudioClass: build.query<GetStudioClassApiResponse, GetStudioClassApiArg>({
      query: () => ({ url: `/api/staff/studio-class` }),
    }),
    startStudioClass: build.mutation<StartStudioClassApiResponse, StartStudioClassApiArg>({
      query: (queryArg) => ({ url: `/api/staff/studio-class`, method: 'POST', body: queryArg.startStudioClassDto }),
    }),
    assignStudioSensor: build.mutation<AssignStudioSensorApiResponse, AssignStudioSensorApiArg>({
      query: (queryArg) => ({ url: `/api/staff/studio-class/assignments`, method: 'PUT', body: queryArg.assignStudioSensorDto }),
    }),
    endStudioClass: build.mutation<EndStudioClassApiResponse, EndStudioClassApiArg>({
      query: (queryArg) => ({ url: `/api/staff/studio-class/end`, method: 'POST', body: queryArg.endStudioClassDto }),
    }),
    searchStudioClassPeople: build.query<SearchStudioClassPeopleApiResponse, SearchStudioClassPeopleApiArg>({
      query: (queryArg) => ({
        url: `/api/staff/studio-class/people`,
        params: {
          q: queryArg.q,
        },
      }),
    }),
    recordStudioReadings: build.mutation<RecordStudioReadingsApiResponse, RecordStudioReadingsApiArg>({
      query: (queryArg) => ({ url: `/api/staff/studio-class/readings`, method: 'POST', body: queryArg.recordStudioReadingsDto }),
    }),
    listRememberedStraps: build.query<ListRememberedStrapsApiResponse, ListRememberedStrapsApiArg>({
      query: () => ({ url: `/api/staff/studio-class/straps` }),
    }),
    forgetRememberedStrap: build.mutation<ForgetRememberedStrapApiResponse, ForgetRememberedStrapApiArg>({
      query: (queryArg) => ({ url: `/api/staff/studio-class/straps/${queryArg.userId}`, method: 'DELETE' }),
    }),
    getStaffTimetable: build.query<GetStaffTimetableApiResponse, GetStaffTimetableApiArg>({
      query: () => ({ url: `/api/staff/timetable` }),
    }),
    setClassChange: build.mutation<SetClassChangeApiResponse, SetClassChangeApiArg>({
      query: (queryArg) => ({ url: `/api/staff/timetable/changes`, method: 'PUT', body: queryArg.classChangeInputDto }),
    }),
    clearClassChange: build.mutation<ClearClassChangeApiResponse, ClearClassChangeApiArg>({
      query: (queryArg) => ({ url: `/api/staff/timetable/changes/${queryArg.slotId}/${queryArg.date}`, method: 'DELETE' }),
    }),
    createClassType: build.mutation<CreateClassTypeApiResponse, CreateClassTypeApiArg>({
      query: (queryArg) => ({ url: `/api/staff/timetable/class-types`, method: 'POST', body: queryArg.classTypeInputDto }),
    }),
    deleteClassType: build.mutation<DeleteClassTypeApiResponse, DeleteClassTypeApiArg>({
      query: (queryArg) => ({ url: `/api/staff/timetable/class-types/${queryArg.classTypeId}`, method: 'DELETE' }),
    }),
    updateClassType: build.mutation<UpdateClassTypeApiResponse, UpdateClassTypeApiArg>({
      query: (queryArg) => ({ url: `/api/staff/timetable/class-types/${queryArg.classTypeId}`, method: 'PUT', body: queryArg.classTypeInputDto }),
    }),
    reopenDay: build.mutation<ReopenDayApiResponse, ReopenDayApiArg>({
      query: (queryArg) => ({ url: `/api/staff/timetable/closures/${queryArg.date}`, method: 'DELETE' }),
    }),
    closeDay: build.mutation<CloseDayApiResponse, CloseDayApiArg>({
      query: (queryArg) => ({ url: `/api/staff/timetable/closures/${queryArg.date}`, method: 'PUT', body: queryArg.closureInputDto }),
    }),
    createWeeklySlot: build.mutation<CreateWeeklySlotApiResponse, CreateWeeklySlotApiArg>({
      query: (queryArg) => ({ url: `/api/staff/timetable/slots`, method: 'POST', body: queryArg.weeklySlotInputDto }),
    }),
    deleteWeeklySlot: build.mutation<DeleteWeeklySlotApiResponse, DeleteWeeklySlotApiArg>({
      query: (queryArg) => ({ url: `/api/staff/timetable/slots/${queryArg.slotId}`, method: 'DELETE' }),
    }),
    updateWeeklySlot: build.mutation<UpdateWeeklySlotApiResponse, UpdateWeeklySlotApiArg>({
      query: (queryArg) => ({ url: `/api/staff/timetable/slots/${queryArg.slotId}`, method: 'PUT', body: queryArg.weeklySlotInputDto }),
    }),
    getStudioBoardName: build.query<GetStudioBoardNameApiResponse, GetStudioBoardNameApiArg>({
      query: () => ({ url: `/api/studio-class/board-name` }),
    }),
    chooseStudioBoardName: build.mutation<ChooseStudioBoardNameApiResponse, ChooseStudioBoardNameApiArg>({
      query: (queryArg) => ({
        url: `/api/studio-class/board-name`,
        method: 'PUT',
        body: queryArg.studioBoardNameDto,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    listTimerPresets: build.query<ListTimerPresetsApiResponse, ListTimerPresetsApiArg>({
      query: () => ({ url: `/api/timer/presets` }),
    }),
    createTimerPreset: build.mutation<CreateTimerPresetApiResponse, CreateTimerPresetApiArg>({
      query: (queryArg) => ({
        url: `/api/timer/presets`,
        method: 'POST',
        body: queryArg.createTimerPresetDto,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    deleteTimerPreset: build.mutation<DeleteTimerPresetApiResponse, DeleteTimerPresetApiArg>({
      query: (queryArg) => ({
        url: `/api/timer/presets/${queryArg.id}`,
        method: 'DELETE',
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    getPublicTimetable: build.query<GetPublicTimetableApiResponse, GetPublicTimetableApiArg>({
      query: () => ({ url: `/api/timetable` }),
    }),
    getTrainingCalendar: build.query<GetTrainingCalendarApiResponse, GetTrainingCalendarApiArg>({
      query: (queryArg) => ({
        url: `/api/training/calendar`,
        params: {
          from: queryArg['from'],
          to: queryArg.to,
        },
      }),
    }),
    getCalendarFeedUrl: build.query<GetCalendarFeedUrlApiResponse, GetCalendarFeedUrlApiArg>({
      query: () => ({ url: `/api/training/calendar/feed` }),
    }),
    revokeCalendarFeed: build.mutation<RevokeCalendarFeedApiResponse, RevokeCalendarFeedApiArg>({
      query: () => ({ url: `/api/training/calendar/feed/revoke`, method: 'POST' }),
    }),
    setTrainingSchedule: build.mutation<SetTrainingScheduleApiResponse, SetTrainingScheduleApiArg>({
      query: (queryArg) => ({
        url: `/api/training/schedule`,
        method: 'PUT',
        body: queryArg.setTrainingScheduleDto,
        headers: {
          'idempotency-key': queryArg['idempotency-key'],
        },
      }),
    }),
    registerForFreeClass: build.mutation<RegisterForFreeClassApiResponse, RegisterForFreeClassApiArg>({
      query: (queryArg) => ({ url: `/api/users/register`, method: 'POST', body: queryArg.registerFreeClassDto }),
    }),
    listTrainingWorkouts: build.query<ListTrainingWorkoutsApiResponse, ListTrainingWorkoutsApiArg>({
      query: () => ({ url: `/api/workouts` }),
    }),
    getTrainingWorkout: build.query<GetTrainingWorkoutApiResponse, GetTrainingWorkoutApiArg>({
      query: (queryArg) => ({ url: `/api/workouts/${queryArg.id}` }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as generatedApi };
export type GetCalendarFeedApiResponse = unknown;
export type GetCalendarFeedApiArg = {
  file: string;
};
export type GetMemberChallengesApiResponse = /** status 200  */ MemberChallengesDto;
export type GetMemberChallengesApiArg = void;
export type UpdateLeaderboardPreferenceApiResponse = /** status 200  */ LeaderboardPreferenceDto;
export type UpdateLeaderboardPreferenceApiArg = {
  /** UUID; un reintento con la misma clave se aplica una sola vez */
  'idempotency-key'?: string;
  updateLeaderboardPreferenceDto: UpdateLeaderboardPreferenceDto;
};
export type JoinChallengeApiResponse = /** status 200  */ MemberChallengeDto;
export type JoinChallengeApiArg = {
  /** Id del reto */
  challengeId: string;
  /** UUID; un reintento con la misma clave se aplica una sola vez */
  'idempotency-key'?: string;
};
export type GetChallengeLeaderboardApiResponse = /** status 200  */ ChallengeLeaderboardDto;
export type GetChallengeLeaderboardApiArg = {
  /** Id del reto */
  challengeId: string;
};
export type ListClassesApiResponse = /** status 200  */ ClassDaysDto;
export type ListClassesApiArg = {
  /** Desde qué día (AAAA-MM-DD); hoy si falta */
  from?: string;
  /** Cuántos días (1–14); 7 si falta */
  days?: number;
};
export type ListMyClassBookingsApiResponse = /** status 200  */ MyBookingsDto;
export type ListMyClassBookingsApiArg = void;
export type CancelClassBookingApiResponse = /** status 200  */ BookingCancelledDto;
export type CancelClassBookingApiArg = {
  /** Id de la reserva */
  bookingId: string;
};
export type GetClassBookingCheckInCodeApiResponse = /** status 200  */ CheckInCodeDto;
export type GetClassBookingCheckInCodeApiArg = {
  /** Id de la reserva */
  bookingId: string;
};
export type GetClassBookingIcsApiResponse = unknown;
export type GetClassBookingIcsApiArg = {
  /** `<bookingId>.ics` */
  file: string;
};
export type BookClassApiResponse = /** status 201  */ BookingCreatedDto;
export type BookClassApiArg = {
  /** El día de la clase (AAAA-MM-DD) */
  date: string;
  /** Id de la clase del horario semanal */
  slotId: string;
  /** UUID; un reintento con la misma clave se aplica una sola vez */
  'idempotency-key': string;
  bookClassDto: BookClassDto;
};
export type GetRuntimeConfigApiResponse = /** status 200  */ RuntimeConfigDto;
export type GetRuntimeConfigApiArg = void;
export type GetEmailPreferencesApiResponse = /** status 200  */ EmailPreferencesDto;
export type GetEmailPreferencesApiArg = void;
export type OptOutOfEmailsApiResponse = /** status 200  */ EmailOptOutResultDto;
export type OptOutOfEmailsApiArg = {
  emailOptOutDto: EmailOptOutDto;
};
export type UpdateEmailPreferenceApiResponse = /** status 200  */ EmailPreferencesDto;
export type UpdateEmailPreferenceApiArg = {
  topic: 'performance-summary' | 'workout-reminders';
  /** UUID; un reintento con la misma clave se aplica una sola vez */
  'idempotency-key'?: string;
  updateEmailPreferenceDto: UpdateEmailPreferenceDto;
};
export type ListMemberEnrollmentsApiResponse = /** status 200 Sin inscripciones: lista vacía (nunca 404) */ EnrollmentsResponseDto;
export type ListMemberEnrollmentsApiArg = void;
export type EnrollInPlanApiResponse = /** status 201  */ EnrollmentResponseDto;
export type EnrollInPlanApiArg = {
  /** UUID; un reintento con la misma clave se aplica una sola vez */
  'idempotency-key'?: string;
  createEnrollmentDto: CreateEnrollmentDto;
};
export type AbandonEnrollmentApiResponse = /** status 200  */ AbandonEnrollmentResponseDto;
export type AbandonEnrollmentApiArg = {
  /** Id de la inscripción */
  id: string;
  /** UUID; un reintento con la misma clave se aplica una sola vez */
  'idempotency-key'?: string;
};
export type GetCurrentWorkoutApiResponse = /** status 200  */ CurrentWorkoutResponseDto;
export type GetCurrentWorkoutApiArg = {
  /** Id de la inscripción */
  id: string;
};
export type PauseEnrollmentApiResponse = /** status 200 Pausar una inscripción ya pausada no cambia nada */ EnrollmentResponseDto;
export type PauseEnrollmentApiArg = {
  /** Id de la inscripción */
  id: string;
  /** UUID; un reintento con la misma clave se aplica una sola vez */
  'idempotency-key'?: string;
};
export type ResumeEnrollmentApiResponse = /** status 200 Reactivar una inscripción activa no cambia nada */ EnrollmentResponseDto;
export type ResumeEnrollmentApiArg = {
  /** Id de la inscripción */
  id: string;
  /** UUID; un reintento con la misma clave se aplica una sola vez */
  'idempotency-key'?: string;
};
export type CancelFreeClassApiResponse = /** status 200  */ FreeClassCancelledDto;
export type CancelFreeClassApiArg = {
  freeClassCancelLinkDto: FreeClassCancelLinkDto;
};
export type PreviewFreeClassCancellationApiResponse = /** status 200  */ FreeClassByLinkDto;
export type PreviewFreeClassCancellationApiArg = {
  freeClassCancelLinkDto: FreeClassCancelLinkDto;
};
export type GetFreeClassScheduleApiResponse = /** status 200 Días y horarios reservables ahora, con la clase de cada día */ FreeClassScheduleDto;
export type GetFreeClassScheduleApiArg = void;
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
export type UpdateHeartRateConsentApiResponse = /** status 200  */ HeartRateProfileDto;
export type UpdateHeartRateConsentApiArg = {
  /** UUID; un reintento con la misma clave se aplica una sola vez */
  'idempotency-key'?: string;
  updateHeartRateConsentDto: UpdateHeartRateConsentDto;
};
export type SetMeasuredMaxHeartRateApiResponse = /** status 200  */ HeartRateProfileDto;
export type SetMeasuredMaxHeartRateApiArg = {
  /** UUID; un reintento con la misma clave se aplica una sola vez */
  'idempotency-key'?: string;
  setMeasuredMaxHeartRateDto: SetMeasuredMaxHeartRateDto;
};
export type GetHeartRateProfileApiResponse = /** status 200  */ HeartRateProfileDto;
export type GetHeartRateProfileApiArg = void;
export type GetHeartRateReadingsApiResponse = /** status 200  */ HeartRateReadingsDto;
export type GetHeartRateReadingsApiArg = {
  /** Id (UUID) de la sesión completada */
  completionId: any;
};
export type GetLocalJwksApiResponse = /** status 200  */ JwksDto;
export type GetLocalJwksApiArg = void;
export type GetCurrentIdentityApiResponse = /** status 200  */ IdentityUserDto;
export type GetCurrentIdentityApiArg = void;
export type RefreshLocalSessionApiResponse = /** status 200 Nuevo token de acceso; la cookie de renovación rota */ SessionDto;
export type RefreshLocalSessionApiArg = void;
export type GetSecondFactorStatusApiResponse = /** status 200  */ SecondFactorStatusDto;
export type GetSecondFactorStatusApiArg = void;
export type AttemptSecondFactorApiResponse = /** status 200 Código aceptado y sesión iniciada con verificación en dos pasos */ SessionDto;
export type AttemptSecondFactorApiArg = {
  secondFactorDto: SecondFactorDto;
};
export type BeginTotpEnrollmentApiResponse = /** status 200 Un secreto nuevo y su código QR; se confirma con el primer código */ TotpEnrollmentDto;
export type BeginTotpEnrollmentApiArg = void;
export type ConfirmTotpEnrollmentApiResponse =
  /** status 200 Verificación activada: códigos de recuperación (se muestran una sola vez) y una sesión nueva */ TotpEnrolledDto;
export type ConfirmTotpEnrollmentApiArg = {
  confirmTotpDto: ConfirmTotpDto;
};
export type SignInLocalAccountApiResponse = /** status 200  */ SignInResultDto;
export type SignInLocalAccountApiArg = {
  signInDto: SignInDto;
};
export type SignOutLocalSessionApiResponse = unknown;
export type SignOutLocalSessionApiArg = void;
export type SignUpLocalAccountApiResponse = /** status 200 Cuenta pendiente: se envió un código de verificación */ VerificationSentDto;
export type SignUpLocalAccountApiArg = {
  signUpDto: SignUpDto;
};
export type ResendVerificationCodeApiResponse = /** status 200  */ VerificationSentDto;
export type ResendVerificationCodeApiArg = {
  resendCodeDto: ResendCodeDto;
};
export type VerifyLocalEmailApiResponse = /** status 200 Correo verificado y sesión iniciada */ SessionDto;
export type VerifyLocalEmailApiArg = {
  verifyEmailDto: VerifyEmailDto;
};
export type ListLandingImagesApiResponse = /** status 200  */ LandingImagesDto;
export type ListLandingImagesApiArg = void;
export type GetStudioUploadApiResponse = unknown;
export type GetStudioUploadApiArg = {
  fileName: string;
};
export type GetExerciseVideoApiResponse = unknown;
export type GetExerciseVideoApiArg = {
  publicId: string;
  /** Calidad del clip (sección 9); por defecto high. */
  quality?: 'low' | 'medium' | 'high' | 'ultra';
};
export type GetExerciseThumbnailApiResponse = unknown;
export type GetExerciseThumbnailApiArg = {
  publicId: string;
};
export type GetMyMembershipApiResponse = /** status 200  */ MyMembershipDto;
export type GetMyMembershipApiArg = void;
export type ListPlansApiResponse = /** status 200  */ PlanListDto;
export type ListPlansApiArg = void;
export type GetOnboardingStatusApiResponse = /** status 200  */ OnboardingStatusDto;
export type GetOnboardingStatusApiArg = void;
export type GetMemberProfileApiResponse = /** status 200  */ UserResponseDto;
export type GetMemberProfileApiArg = void;
export type UpdateMemberProfileApiResponse = /** status 200  */ UserResponseDto;
export type UpdateMemberProfileApiArg = {
  /** UUID; un reintento con la misma clave se aplica una sola vez */
  'idempotency-key'?: string;
  updateProfileDto: UpdateProfileDto;
};
export type GetConsentsApiResponse = /** status 200  */ ConsentsDto;
export type GetConsentsApiArg = void;
export type UpdateConsentApiResponse = /** status 200  */ ConsentsDto;
export type UpdateConsentApiArg = {
  /** Tipo de consentimiento (terms-privacy, health-data, heart-rate, email-…) */
  consent: string;
  /** UUID; un reintento con la misma clave se aplica una sola vez */
  'idempotency-key'?: string;
  updateConsentDto: UpdateConsentDto;
};
export type ExportMyDataApiResponse = unknown;
export type ExportMyDataApiArg = void;
export type ListMyRightsRequestsApiResponse = /** status 200  */ RightsRequestsDto;
export type ListMyRightsRequestsApiArg = void;
export type FileRightsRequestApiResponse = /** status 201  */ RightsRequestDto;
export type FileRightsRequestApiArg = {
  fileRightsRequestDto: FileRightsRequestDto;
};
export type ListProgressApiResponse = /** status 200  */ ProgressListResponseDto;
export type ListProgressApiArg = {
  /** Registros por página (la página de progreso pide 100). */
  limit?: number;
  /** Registros que se saltan desde el más reciente. */
  offset?: number;
};
export type CompleteWorkoutApiResponse = /** status 200  */ CompleteWorkoutResponseDto;
export type CompleteWorkoutApiArg = {
  /** UUID generado por el cliente; el mismo en cada reintento */
  'idempotency-key'?: string;
  completeWorkoutDto: CompleteWorkoutDto;
};
export type GetProgressStatsApiResponse = /** status 200  */ StatsResponseDto;
export type GetProgressStatsApiArg = void;
export type ListRunningWorkoutsApiResponse = /** status 200  */ RunningWorkoutListDto;
export type ListRunningWorkoutsApiArg = void;
export type GetRunningWorkoutApiResponse = /** status 200  */ RunningWorkoutDetailDto;
export type GetRunningWorkoutApiArg = {
  id: string;
};
export type ListStaffChallengesApiResponse = /** status 200  */ StaffChallengesDto;
export type ListStaffChallengesApiArg = void;
export type CreateStaffChallengeApiResponse = /** status 201  */ ChallengeDto;
export type CreateStaffChallengeApiArg = {
  createChallengeDto: CreateChallengeDto;
};
export type ArchiveStaffChallengeApiResponse = /** status 200  */ ChallengeDto;
export type ArchiveStaffChallengeApiArg = {
  /** Id del reto */
  challengeId: string;
};
export type ListStaffChallengeParticipantsApiResponse = /** status 200  */ ChallengeParticipantsDto;
export type ListStaffChallengeParticipantsApiArg = {
  /** Id del reto */
  challengeId: string;
};
export type ExportStaffChallengeParticipantsApiResponse = unknown;
export type ExportStaffChallengeParticipantsApiArg = {
  /** Id del reto */
  challengeId: string;
};
export type GetClassBookingSettingsApiResponse = /** status 200  */ ClassBookingSettingsDto;
export type GetClassBookingSettingsApiArg = void;
export type PutClassBookingSettingsApiResponse = /** status 200  */ ClassBookingSettingsDto;
export type PutClassBookingSettingsApiArg = {
  classBookingSettingsDto: ClassBookingSettingsDto;
};
export type GetClassReportApiResponse = /** status 200  */ ClassReportDto;
export type GetClassReportApiArg = {
  /** Un día de la primera semana (AAAA-MM-DD); por defecto, 3 semanas antes de la última */
  from?: string;
  /** Un día de la última semana (AAAA-MM-DD); por defecto, esta semana. Hasta 26 semanas */
  to?: string;
};
export type BookClassForMemberApiResponse = /** status 201  */ BookingCreatedDto;
export type BookClassForMemberApiArg = {
  /** El día de la clase (AAAA-MM-DD) */
  date: string;
  /** Id de la clase del horario semanal */
  slotId: string;
  /** UUID; un reintento con la misma clave se aplica una sola vez */
  'idempotency-key': string;
  deskBookClassDto: DeskBookClassDto;
};
export type CheckInToClassApiResponse = /** status 200  */ CheckInAnswerDto;
export type CheckInToClassApiArg = {
  /** El día de la clase (AAAA-MM-DD) */
  date: string;
  /** Id de la clase del horario semanal */
  slotId: string;
  checkInDto: CheckInDto;
};
export type GetClassRosterApiResponse = /** status 200  */ RosterDto;
export type GetClassRosterApiArg = {
  /** El día de la clase (AAAA-MM-DD) */
  date: string;
  /** Id de la clase del horario semanal */
  slotId: string;
};
export type ListStaffEventTypesApiResponse = /** status 200  */ EventTypesDto;
export type ListStaffEventTypesApiArg = void;
export type ListStaffEventsApiResponse = /** status 200  */ ActivityPageDto;
export type ListStaffEventsApiArg = {
  /** Id del miembro: solo su historial (stream member-{id}) */
  member?: string;
  /** Id de un stream cualquiera, p. ej. free-class-booking-{id} o staff-{id} */
  stream?: string;
  /** Tipos de evento separados por comas */
  type?: string;
  /** Desde (incluido), fecha u hora ISO-8601 */
  from?: string;
  /** Hasta (excluido), fecha u hora ISO-8601 */
  to?: string;
  /** Parte del nombre o del correo de un miembro */
  q?: string;
  /** Cursor: el nextCursor de la página anterior (opaco) */
  before?: string;
  limit?: number;
};
export type ExportStaffEventsApiResponse = unknown;
export type ExportStaffEventsApiArg = {
  /** Id del miembro: solo su historial (stream member-{id}) */
  member?: string;
  /** Id de un stream cualquiera, p. ej. free-class-booking-{id} o staff-{id} */
  stream?: string;
  /** Tipos de evento separados por comas */
  type?: string;
  /** Desde (incluido), fecha u hora ISO-8601 */
  from?: string;
  /** Hasta (excluido), fecha u hora ISO-8601 */
  to?: string;
  /** Parte del nombre o del correo de un miembro */
  q?: string;
};
export type GetStaffEventApiResponse = /** status 200  */ LogEntryDto;
export type GetStaffEventApiArg = {
  /** Id (UUID) del evento */
  eventId: any;
};
export type ListStaffFreeClassBookingsApiResponse = /** status 200  */ BookingsListDto;
export type ListStaffFreeClassBookingsApiArg = {
  /** Desde esta fecha de clase (incluida) */
  from?: string;
  /** Hasta esta fecha de clase (incluida) */
  to?: string;
  /** Horario exacto de la clase */
  slot?: string;
};
export type ExportStaffFreeClassBookingsApiResponse = unknown;
export type ExportStaffFreeClassBookingsApiArg = {
  /** Desde esta fecha de clase (incluida) */
  from?: string;
  /** Hasta esta fecha de clase (incluida) */
  to?: string;
  /** Horario exacto de la clase */
  slot?: string;
};
export type RecordStaffFreeClassOutcomeApiResponse = /** status 200  */ BookingFollowUpDto;
export type RecordStaffFreeClassOutcomeApiArg = {
  /** Id (UUID) de la reserva */
  id: any;
  recordOutcomeDto: RecordOutcomeDto;
};
export type ListStaffMailOutboxApiResponse = /** status 200  */ OutboxPageDto;
export type ListStaffMailOutboxApiArg = {
  /** Parte del correo del destinatario */
  recipient?: string;
  /** Cursor: nextCursor de la página anterior */
  before?: string;
  limit?: number;
};
export type ListStaffMediaApiResponse = /** status 200  */ StaffMediaDto;
export type ListStaffMediaApiArg = void;
export type UploadExerciseMediaApiResponse = /** status 201  */ MediaUploadDto;
export type UploadExerciseMediaApiArg = {
  /** Id del ejercicio */
  exerciseId: string;
  mediaUploadFormDto: MediaUploadFormDto;
};
export type RevertExerciseMediaApiResponse = unknown;
export type RevertExerciseMediaApiArg = {
  /** Id del ejercicio */
  exerciseId: string;
  /** Qué medio del estudio se quita: la foto o el video */
  mediaKind: 'photo' | 'video';
};
export type RevertLandingImageApiResponse = unknown;
export type RevertLandingImageApiArg = {
  /** Lugar del inicio del sitio: la portada, una sección o un entrenador del carrusel */
  place: 'portada' | 'nosotros' | 'sistemas' | 'especializado' | 'entrenador-andres' | 'entrenador-gabriela' | 'entrenador-kevin' | 'entrenador-sofia';
};
export type UpdateLandingImageApiResponse = /** status 200  */ StaffLandingImageDto;
export type UpdateLandingImageApiArg = {
  /** Lugar del inicio del sitio: la portada, una sección o un entrenador del carrusel */
  place: 'portada' | 'nosotros' | 'sistemas' | 'especializado' | 'entrenador-andres' | 'entrenador-gabriela' | 'entrenador-kevin' | 'entrenador-sofia';
  landingImageDetailsDto: LandingImageDetailsDto;
};
export type UploadLandingImageApiResponse = /** status 201  */ StaffLandingImageDto;
export type UploadLandingImageApiArg = {
  /** Lugar del inicio del sitio: la portada, una sección o un entrenador del carrusel */
  place: 'portada' | 'nosotros' | 'sistemas' | 'especializado' | 'entrenador-andres' | 'entrenador-gabriela' | 'entrenador-kevin' | 'entrenador-sofia';
  landingImageFormDto: LandingImageFormDto;
};
export type ListStaffMembersApiResponse = /** status 200  */ MembersPageDto;
export type ListStaffMembersApiArg = {
  /** Parte del nombre, del correo o del id */
  q?: string;
  /** Solo quienes no entrenan desde hace N días (o nunca) */
  inactiveDays?: number;
  limit?: number;
  offset?: number;
};
export type EraseStaffMemberDataApiResponse = /** status 200  */ ErasureResultDto;
export type EraseStaffMemberDataApiArg = {
  /** Id del miembro */
  userId: any;
  eraseMemberDataDto: EraseMemberDataDto;
};
export type ExportMemberDataApiResponse = unknown;
export type ExportMemberDataApiArg = {
  /** Id del miembro */
  userId: any;
};
export type RecordDeskHeartRateConsentApiResponse = /** status 200  */ DeskHeartRateConsentDto;
export type RecordDeskHeartRateConsentApiArg = {
  /** UUID; un reintento con la misma clave se aplica una sola vez */
  'idempotency-key'?: string;
  /** Id del miembro */
  userId: any;
  recordDeskHeartRateConsentDto: RecordDeskHeartRateConsentDto;
};
export type GetStaffMembershipApiResponse = /** status 200  */ StaffMembershipDto;
export type GetStaffMembershipApiArg = {
  /** Id del miembro */
  userId: any;
};
export type FreezeMembershipApiResponse = /** status 200  */ StaffMembershipDto;
export type FreezeMembershipApiArg = {
  /** UUID; un reintento con la misma clave se aplica una sola vez */
  'idempotency-key'?: string;
  /** Id del miembro titular */
  userId: any;
};
export type ConfirmMembershipPurchaseApiResponse = /** status 200  */ StaffMembershipDto;
export type ConfirmMembershipPurchaseApiArg = {
  /** UUID; un reintento con la misma clave se aplica una sola vez */
  'idempotency-key'?: string;
  /** Id del miembro titular */
  userId: any;
  confirmMembershipPurchaseDto: ConfirmMembershipPurchaseDto;
};
export type RecordMembershipSaleApiResponse = /** status 200  */ StaffMembershipDto;
export type RecordMembershipSaleApiArg = {
  /** UUID; un reintento con la misma clave se aplica una sola vez */
  'idempotency-key'?: string;
  /** Id del miembro titular */
  userId: any;
  recordMembershipSaleDto: RecordMembershipSaleDto;
};
export type UnfreezeMembershipApiResponse = /** status 200  */ StaffMembershipDto;
export type UnfreezeMembershipApiArg = {
  /** UUID; un reintento con la misma clave se aplica una sola vez */
  'idempotency-key'?: string;
  /** Id del miembro titular */
  userId: any;
};
export type GetStaffMemberTimelineApiResponse = /** status 200  */ TimelinePageDto;
export type GetStaffMemberTimelineApiArg = {
  /** Cursor: la revisión nextCursor de la página anterior */
  before?: string;
  limit?: number;
  /** Id del miembro */
  userId: any;
};
export type GetExpiringMembershipsApiResponse = /** status 200  */ ExpiringMembershipsDto;
export type GetExpiringMembershipsApiArg = void;
export type GetMembershipPlansApiResponse = /** status 200  */ MembershipPlansDto;
export type GetMembershipPlansApiArg = void;
export type GetStaffProjectionsApiResponse = /** status 200  */ ProjectionsOverviewDto;
export type GetStaffProjectionsApiArg = void;
export type RebuildAllStaffProjectionsApiResponse = /** status 202  */ RebuildStartedDto;
export type RebuildAllStaffProjectionsApiArg = void;
export type RebuildStaffProjectionApiResponse = /** status 202  */ RebuildStartedDto;
export type RebuildStaffProjectionApiArg = {
  /** Nombre de la proyección */
  name: any;
};
export type ListRightsRequestsApiResponse = /** status 200  */ StaffRightsRequestsDto;
export type ListRightsRequestsApiArg = void;
export type FileRightsRequestAtDeskApiResponse = /** status 201  */ StaffRightsRequestDto;
export type FileRightsRequestAtDeskApiArg = {
  staffFileRightsRequestDto: StaffFileRightsRequestDto;
};
export type UpdateRightsRequestStatusApiResponse = /** status 200  */ StaffRightsRequestDto;
export type UpdateRightsRequestStatusApiArg = {
  /** Id (UUID) de la solicitud */
  requestId: string;
  updateRightsRequestStatusDto: UpdateRightsRequestStatusDto;
};
export type GetStudioClassApiResponse = /** status 200  */ StudioClassStateDto;
export type GetStudioClassApiArg = void;
export type StartStudioClassApiResponse = /** status 200  */ StudioClassStateDto;
export type StartStudioClassApiArg = {
  startStudioClassDto: StartStudioClassDto;
};
export type AssignStudioSensorApiResponse = /** status 200  */ StudioClassStateDto;
export type AssignStudioSensorApiArg = {
  assignStudioSensorDto: AssignStudioSensorDto;
};
export type EndStudioClassApiResponse = /** status 200  */ StudioClassStateDto;
export type EndStudioClassApiArg = {
  endStudioClassDto: EndStudioClassDto;
};
export type SearchStudioClassPeopleApiResponse = /** status 200  */ StudioPeopleDto;
export type SearchStudioClassPeopleApiArg = {
  /** Nombre o correo */
  q?: string;
};
export type RecordStudioReadingsApiResponse = /** status 200  */ RecordStudioReadingsResponseDto;
export type RecordStudioReadingsApiArg = {
  recordStudioReadingsDto: RecordStudioReadingsDto;
};
export type ListRememberedStrapsApiResponse = /** status 200  */ RememberedStrapsDto;
export type ListRememberedStrapsApiArg = void;
export type ForgetRememberedStrapApiResponse = /** status 200  */ RememberedStrapsDto;
export type ForgetRememberedStrapApiArg = {
  /** El miembro cuya banda se olvida */
  userId: string;
};
export type GetStaffTimetableApiResponse = /** status 200  */ StaffTimetableDto;
export type GetStaffTimetableApiArg = void;
export type SetClassChangeApiResponse = /** status 200  */ ClassChangeDto;
export type SetClassChangeApiArg = {
  classChangeInputDto: ClassChangeInputDto;
};
export type ClearClassChangeApiResponse = unknown;
export type ClearClassChangeApiArg = {
  /** Id de la clase del horario semanal */
  slotId: string;
  /** El día (AAAA-MM-DD) */
  date: string;
};
export type CreateClassTypeApiResponse = /** status 201  */ ClassTypeDto;
export type CreateClassTypeApiArg = {
  classTypeInputDto: ClassTypeInputDto;
};
export type DeleteClassTypeApiResponse = unknown;
export type DeleteClassTypeApiArg = {
  /** Id del tipo de clase */
  classTypeId: string;
};
export type UpdateClassTypeApiResponse = /** status 200  */ ClassTypeDto;
export type UpdateClassTypeApiArg = {
  /** Id del tipo de clase */
  classTypeId: string;
  classTypeInputDto: ClassTypeInputDto;
};
export type ReopenDayApiResponse = unknown;
export type ReopenDayApiArg = {
  /** El día (AAAA-MM-DD) */
  date: string;
};
export type CloseDayApiResponse = /** status 200  */ ClosureDto;
export type CloseDayApiArg = {
  /** El día (AAAA-MM-DD) */
  date: string;
  closureInputDto: ClosureInputDto;
};
export type CreateWeeklySlotApiResponse = /** status 201  */ WeeklySlotDto;
export type CreateWeeklySlotApiArg = {
  weeklySlotInputDto: WeeklySlotInputDto;
};
export type DeleteWeeklySlotApiResponse = unknown;
export type DeleteWeeklySlotApiArg = {
  /** Id de la clase del horario semanal */
  slotId: string;
};
export type UpdateWeeklySlotApiResponse = /** status 200  */ WeeklySlotDto;
export type UpdateWeeklySlotApiArg = {
  /** Id de la clase del horario semanal */
  slotId: string;
  weeklySlotInputDto: WeeklySlotInputDto;
};
export type GetStudioBoardNameApiResponse = /** status 200  */ StudioBoardNameResponseDto;
export type GetStudioBoardNameApiArg = void;
export type ChooseStudioBoardNameApiResponse = /** status 200  */ StudioBoardNameResponseDto;
export type ChooseStudioBoardNameApiArg = {
  /** UUID; un reintento con la misma clave se aplica una sola vez */
  'idempotency-key'?: string;
  studioBoardNameDto: StudioBoardNameDto;
};
export type ListTimerPresetsApiResponse = /** status 200 Sin temporizadores: lista vacía (nunca 404) */ TimerPresetsResponseDto;
export type ListTimerPresetsApiArg = void;
export type CreateTimerPresetApiResponse = /** status 201  */ TimerPresetResponseDto;
export type CreateTimerPresetApiArg = {
  /** UUID; un reintento con la misma clave se aplica una sola vez */
  'idempotency-key'?: string;
  createTimerPresetDto: CreateTimerPresetDto;
};
export type DeleteTimerPresetApiResponse = /** status 200  */ DeleteTimerPresetResponseDto;
export type DeleteTimerPresetApiArg = {
  /** Id del temporizador */
  id: string;
  /** UUID; un reintento con la misma clave se aplica una sola vez */
  'idempotency-key'?: string;
};
export type GetPublicTimetableApiResponse = /** status 200 Las clases de esta semana y la próxima, con su cupo y lugares libres */ PublicTimetableDto;
export type GetPublicTimetableApiArg = void;
export type GetTrainingCalendarApiResponse = /** status 200  */ TrainingCalendarDto;
export type GetTrainingCalendarApiArg = {
  /** Primer día (AAAA-MM-DD, día del estudio) */
  from: string;
  /** Último día, incluido (hasta 92 días después de "from") */
  to: string;
};
export type GetCalendarFeedUrlApiResponse = /** status 200  */ CalendarFeedDto;
export type GetCalendarFeedUrlApiArg = void;
export type RevokeCalendarFeedApiResponse = /** status 200  */ CalendarFeedDto;
export type RevokeCalendarFeedApiArg = void;
export type SetTrainingScheduleApiResponse = /** status 200  */ TrainingScheduleDto;
export type SetTrainingScheduleApiArg = {
  /** UUID; un reintento con la misma clave se aplica una sola vez */
  'idempotency-key'?: string;
  setTrainingScheduleDto: SetTrainingScheduleDto;
};
export type RegisterForFreeClassApiResponse = /** status 201 Clase gratis reservada; el correo de confirmación va en camino */ FreeClassRegisteredDto;
export type RegisterForFreeClassApiArg = {
  registerFreeClassDto: RegisterFreeClassDto;
};
export type ListTrainingWorkoutsApiResponse = /** status 200 Con ETag: un If-None-Match vigente recibe 304. */ WorkoutListDto;
export type ListTrainingWorkoutsApiArg = void;
export type GetTrainingWorkoutApiResponse = /** status 200  */ WorkoutDetailDto;
export type GetTrainingWorkoutApiArg = {
  id: string;
};
export type ChallengeAchievementDto = {
  challengeId: string;
  finishedOn: string;
  month: string;
  name: string;
};
export type ChallengeDto = {
  /** Cuándo se archivó; null si sigue vigente */
  archivedAt: string | null;
  challengeId: string;
  createdAt: string;
  goalType: 'workouts' | 'minutes' | 'points';
  month: string;
  name: string;
  target: number;
};
export type MemberChallengeDto = {
  challenge: ChallengeDto;
  /** Días que quedan, hoy incluido; 0 si el mes terminó */
  daysLeft: number;
  /** Día en que completó el reto; null si aún no */
  finishedOn: string | null;
  joined: boolean;
  /** Avance del mes (cuenta todo el mes, también antes de unirse) */
  progress: number;
};
export type LeaderboardPreferenceDto = {
  /** Cómo te verían los demás con esta elección */
  label: string;
  showName: boolean;
  visible: boolean;
};
export type MemberChallengesDto = {
  /** Retos completados, el más reciente primero */
  achievements: ChallengeAchievementDto[];
  /** El reto del mes en curso; null si no hay */
  current: MemberChallengeDto | null;
  leaderboard: LeaderboardPreferenceDto;
  /** Hoy en el estudio */
  today: string;
  /** Retos de meses próximos */
  upcoming: MemberChallengeDto[];
};
export type UpdateLeaderboardPreferenceDto = {
  /** true para mostrar el nombre ("Carla M."); por defecto solo las iniciales ("C. M.") */
  showName: boolean;
  /** true para aparecer en la clasificación de los retos */
  visible: boolean;
};
export type LeaderboardEntryDto = {
  finished: boolean;
  /** true en tu propia fila */
  isMe: boolean;
  /** Iniciales, o nombre y la inicial del apellido si el miembro lo eligió */
  label: string;
  progress: number;
  rank: number;
};
export type ChallengeLeaderboardDto = {
  challenge: ChallengeDto;
  /** Solo quienes eligieron aparecer, por avance */
  entries: LeaderboardEntryDto[];
  /** Miembros unidos al reto, aparezcan o no */
  participants: number;
};
export type MyClassBookingDto = {
  bookingId: string;
  /** Si cancelar ahora devuelve la clase */
  cancelFree: boolean;
  status: 'booked' | 'waitlisted' | 'checked-in';
  waitlistPosition: number | null;
};
export type MemberClassDto = {
  bookable: boolean;
  /** Lugares tomados (reservados y con asistencia) */
  booked: number;
  cancelled: boolean;
  capacity: number;
  className: string;
  coach: string;
  date: string;
  description: string;
  endTime: string;
  free: number;
  label: string;
  lengthMin: number;
  myBooking: MyClassBookingDto | null;
  notBookableReason: string | null;
  notice: string;
  slotId: string;
  startTime: string;
  /** Personas en la lista de espera */
  waitlist: number;
};
export type ClassDayDto = {
  classes: MemberClassDto[];
  /** El aviso de un día cerrado */
  closed: string | null;
  date: string;
  dayName: string;
};
export type ClassMembershipDto = {
  /** null: ilimitadas */
  classesLeft: number | null;
  planTitle: string;
  validUntil: string;
};
export type ClassBookingSettingsDto = {
  /** Se reserva de hoy a hoy + N - 1 (1–28) */
  bookingOpensDays: number;
  /** Cancelar al menos estas horas antes devuelve la clase (0–48) */
  cancelCutoffHours: number;
  /** false: cancelar tarde descuenta la clase (nunca un cobro) */
  lateCancelKeepsCredit: boolean;
  /** false: no presentarse descuenta la clase */
  noShowKeepsCredit: boolean;
  /** Recordatorio por correo estas horas antes (0 = ninguno, hasta 48) */
  reminderHours: number;
  /** La lista de espera avanza hasta estas horas antes (0–48) */
  waitlistCutoffHours: number;
};
export type ClassDaysDto = {
  days: ClassDayDto[];
  membership: ClassMembershipDto | null;
  policy: ClassBookingSettingsDto;
};
export type MemberBookingDto = {
  bookingId: string;
  className: string;
  coach: string;
  date: string;
  endTime: string;
  late: boolean;
  slotId: string;
  startTime: string;
  status: 'booked' | 'waitlisted' | 'checked-in' | 'cancelled' | 'no-show' | 'attended';
  waitlistPosition: number | null;
};
export type MyBookingsDto = {
  past: MemberBookingDto[];
  upcoming: MemberBookingDto[];
};
export type BookingCancelledDto = {
  bookingId: string;
  creditReturned: boolean;
  /** Después del límite para cancelar sin costo */
  late: boolean;
  status: 'cancelled';
};
export type CheckInCodeDto = {
  /** Para el QR: vale solo el día de la clase */
  code: string;
};
export type BookingCreatedDto = {
  bookingId: string;
  /** null: ilimitadas */
  classesLeft: number | null;
  status: 'booked' | 'waitlisted';
  waitlistPosition: number | null;
};
export type BookClassDto = {
  /** true: si la clase está llena, unirse a la lista de espera */
  waitlist: boolean;
};
export type AuthSettingsDto = {
  clerkPublishableKey?: string;
  provider: 'local' | 'clerk';
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
export type EmailPreferenceDto = {
  label: string;
  /** Si el socio recibe estos correos; todos empiezan suscritos */
  subscribed: boolean;
  topic: 'performance-summary' | 'workout-reminders';
};
export type EmailPreferencesDto = {
  /** Cada tipo de correo, en orden fijo */
  preferences: EmailPreferenceDto[];
};
export type EmailOptOutResultDto = {
  message: string;
  topic: 'performance-summary' | 'workout-reminders';
};
export type EmailOptOutDto = {
  /** El token del enlace "dejar de recibir" de un correo */
  token: string;
};
export type UpdateEmailPreferenceDto = {
  /** true para recibir estos correos, false para dejar de recibirlos */
  subscribed: boolean;
};
export type EnrollmentPlanDto = {
  _id: string;
  difficulty: 'beginner' | 'intermediate' | 'advanced';
  title: string;
  totalWorkouts: number;
};
export type EnrollmentDto = {
  _id: string;
  completedAt?: string | null;
  /** Índice (desde 0) del entrenamiento actual del plan */
  currentIndex: number;
  enrolledAt: string;
  /** Quién pausó la inscripción (solo si está pausada): "staff" es una pausa del estudio que el socio no puede levantar */
  pausedBy: ('member' | 'staff') | null;
  planId: EnrollmentPlanDto;
  status: 'active' | 'paused' | 'completed';
};
export type EnrollmentsResponseDto = {
  enrollments: EnrollmentDto[];
};
export type EnrollmentResponseDto = {
  enrollment: EnrollmentDto;
};
export type CreateEnrollmentDto = {
  planId: string;
};
export type AbandonEnrollmentResponseDto = {
  enrollmentId: string;
  message: string;
  status: 'abandoned';
};
export type MediaDto = {
  /** true si videoUrl es un video propio del estudio en lugar de la demostración. */
  customVideo: boolean;
  /** Familia de movimiento: la demostración ilustrada que dibuja la app. */
  family:
    'sentadilla' | 'zancada' | 'bisagra' | 'empuje' | 'tiron' | 'plancha' | 'abdomen' | 'salto' | 'boxeo' | 'cardio' | 'movilidad' | 'yoga' | 'equilibrio';
  /** Foto propia del estudio, si la hay. */
  photoUrl?: string;
  /** Identificador del clip en el CDN de medios; lo comparten los ejercicios de una familia. */
  publicId: string;
  secureUrl: string;
  /** Imagen fija: la foto del estudio si la hay. */
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
  type: 'time' | 'reps';
};
export type RoundDto = {
  exercises: RoundExerciseDto[];
  /** Segundos de descanso al terminar la ronda; si falta, el reproductor descansa 10 s. */
  restBetweenRounds?: number;
  roundName: string;
  roundType: 'warmup' | 'cooldown' | 'circuit' | 'superset' | 'standard' | 'main' | 'strength' | 'cardio';
};
export type WorkoutDto = {
  _id: string;
  /** Minutos calculados de las rondas (igual a estDurationMin). */
  calculatedDurationMin: number;
  description: string;
  difficulty: 'beginner' | 'intermediate' | 'advanced';
  /** Duración en minutos (igual a estDurationMin). */
  duration: number;
  /** Duración en minutos: estDurationSec al minuto más cercano (al menos 1). La que muestran todas las pantallas. */
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
    'strength' | 'cardio' | 'hiit' | 'flexibility' | 'full-body' | 'upper-body' | 'lower-body' | 'core' | 'plyometric' | 'mobility' | 'endurance' | 'balance'
  )[];
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
  type: 'warmup' | 'run' | 'tempo' | 'hard' | 'sprint' | 'hill' | 'recovery' | 'walk' | 'cooldown';
};
export type RunningWorkoutDto = {
  _id: string;
  /** Kilocalorías estimadas para una persona de 70 kg. */
  calories: number;
  description: string;
  difficulty: 'beginner' | 'intermediate' | 'advanced';
  /** Kilómetros. */
  distance: number;
  /** Minutos. */
  duration: number;
  goal: string;
  intervals: IntervalDto[];
  isRunning: true;
  paceInstructions: string;
  requirements: string[];
  runningType: 'easy-run' | 'long-run' | 'tempo-run' | 'interval-training' | 'fartlek' | 'hill-repeats' | 'recovery-run' | 'race-pace' | 'sprint' | 'trail-run';
  terrain: 'road' | 'trail' | 'track' | 'treadmill' | 'mixed';
  tips: string[];
  title: string;
};
export type PlanProgressDto = {
  /** Número (desde 1) del entrenamiento actual */
  current: number;
  percentComplete: number;
  total: number;
};
export type CurrentWorkoutResponseDto = {
  /** El entrenamiento que toca; null cuando el plan está completo */
  currentWorkout: (WorkoutDto | RunningWorkoutDto) | null;
  /** El siguiente del plan; null si el actual es el último */
  nextWorkout: (WorkoutDto | RunningWorkoutDto) | null;
  progress: PlanProgressDto;
};
export type FreeClassCancelledDto = {
  message: string;
};
export type FreeClassCancelLinkDto = {
  /** El token del enlace "cancelar mi clase" del correo de confirmación */
  token: string;
};
export type FreeClassByLinkDto = {
  /** Falso cuando la clase ya empezó: ya no se puede cancelar */
  cancellable: boolean;
  className: string;
  date: string;
  dateLabel: string;
  /** El nombre del invitado, para saludarlo */
  name: string;
  time: string;
};
export type FreeClassDayDto = {
  /** La clase de ese día */
  className: string;
  /** Fecha (YYYY-MM-DD) en hora de El Salvador */
  date: string;
  /** De esos horarios, los de una clase sin lugar (llena, cancelada o con el estudio cerrado) */
  full: string[];
  label: string;
  /** Horarios aún disponibles, en orden */
  slots: string[];
};
export type FreeClassScheduleDto = {
  /** Hoy y los 6 días siguientes, sin domingos ni días sin horarios abiertos */
  days: FreeClassDayDto[];
  timeZone: string;
};
export type HeartRateBadgeDto = {
  /** Porcentaje mínimo de la FC máxima que cuenta para la insignia */
  minPct: number;
  /** Minutos a esa intensidad o más para ganar la insignia de la sesión */
  minutes: number;
};
export type HeartRateConsentDto = {
  /** Cuándo se dio el consentimiento vigente o, si se retiró, cuándo se retiró; null si nunca se dio */
  at: string | null;
  granted: boolean;
  /** El aviso aceptado; null sin consentimiento */
  noticeVersion: string | null;
};
export type HeartRateZoneDto = {
  /** Color de la zona (hex) */
  color: string;
  /** LPM mínimos de la zona para la FC máxima del socio (un LPM está en la zona si es ≥ minBpm) */
  minBpm: number;
  /** Porcentaje mínimo de la FC máxima; la zona llega hasta el mínimo de la siguiente */
  minPct: number;
  name: string;
  /** Puntos Pulso por minuto en la zona */
  pointsPerMinute: number;
  zone: 1 | 2 | 3 | 4 | 5;
};
export type HeartRateProfileDto = {
  /** Edad del perfil; null sin fecha de nacimiento */
  age: number | null;
  badge: HeartRateBadgeDto;
  consent: HeartRateConsentDto;
  /** Versión vigente del aviso de frecuencia cardiaca */
  currentNoticeVersion: string;
  /** Cuándo el socio eliminó por última vez sus datos de frecuencia cardiaca guardados; null si nunca */
  dataDeletedAt: string | null;
  /** Frecuencia cardiaca máxima en LPM */
  maxHr: number;
  /** age: por la edad del perfil (Tanaka); default: edad supuesta de 30 años; measured: la que el socio midió y registró; raised: la plataforma la subió tras una sesión por encima */
  maxHrSource: 'age' | 'default' | 'measured' | 'raised';
  /** La FC máxima que el socio midió y registró; null si usa la estimada */
  measuredMaxHr: number | null;
  /** Meta mensual de Puntos Pulso */
  monthlyPointsTarget: number;
  zones: HeartRateZoneDto[];
};
export type UpdateHeartRateConsentDto = {
  /** Solo al retirar el consentimiento: true elimina también los datos de frecuencia cardiaca guardados (lecturas de las sesiones, sus resúmenes y la FC máxima ajustada) */
  deleteData?: boolean;
  /** true para dar el consentimiento, false para retirarlo */
  granted: boolean;
  /** Versión del aviso que el socio leyó (se ignora al retirar el consentimiento) */
  noticeVersion: string;
};
export type SetMeasuredMaxHeartRateDto = {
  /** FC máxima medida por el socio (prueba de esfuerzo o de campo), LPM enteros entre 100 y 230; null para volver a la estimada */
  maxHr: number | null;
};
export type HeartRateRrDto = {
  /** Cuántos de los intervalos llegaron en cada segundo entrenado desde el inicio */
  counts: number[];
  /** Intervalos R–R en milisegundos, en el orden en que llegaron */
  ms: number[];
};
export type HeartRateReadingsDto = {
  /** Cuándo terminó la sesión (hora del servidor al guardarla) */
  completedAt: string;
  completionId: string;
  /** Segundos entrenados; las lecturas desde ese índice son del minuto de recuperación */
  durationSec: number;
  /** Intervalos R–R de la sesión; null si el sensor no los envió */
  rr: HeartRateRrDto | null;
  /** LPM de cada segundo desde el inicio; null donde el sensor no envió nada */
  samples: (number | null)[];
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
  role: 'member' | 'staff';
  /** La sesión pasó la verificación en dos pasos (la consola del staff la exige) */
  secondFactor: boolean;
  userId: string;
};
export type SessionDto = {
  /** Token de acceso RS256 para la cabecera Authorization: Bearer */
  accessToken: string;
  /** Segundos de validez del token de acceso */
  expiresIn: number;
  user: IdentityUserDto;
};
export type SecondFactorStatusDto = {
  enrolled: boolean;
  /** Códigos de recuperación sin usar */
  recoveryCodesLeft: number;
  /** La cuenta necesita verificación en dos pasos (staff) */
  required: boolean;
};
export type SecondFactorDto = {
  /** El valor challenge que devolvió sign-in */
  challenge: string;
  /** El código de 6 dígitos de la app de autenticación o un código de recuperación */
  code: string;
};
export type TotpEnrollmentDto = {
  otpauthUrl: string;
  /** El código QR del enlace otpauth, como data URL SVG */
  qrCode: string;
  /** El secreto en base32, para escribirlo a mano en la app */
  secret: string;
};
export type TotpEnrolledDto = {
  /** Diez códigos de recuperación de un solo uso: se muestran solo esta vez */
  recoveryCodes: string[];
  session: SessionDto;
};
export type ConfirmTotpDto = {
  /** El primer código de 6 dígitos que muestra la app de autenticación */
  code: string;
};
export type SignInResultDto = {
  /** Presente cuando status es needs_second_factor: se envía con el código en /identity/second-factor */
  challenge?: string;
  /** Presente cuando status es needs_verification o needs_second_factor */
  email?: string;
  /** Presente cuando status es complete */
  session?: SessionDto;
  status: 'complete' | 'needs_verification' | 'needs_second_factor';
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
export type LandingPictureDto = {
  alt: string;
  avifSrcset: string;
  /** Punto focal horizontal (% del ancho) */
  focalX: number;
  /** Punto focal vertical (% del alto) */
  focalY: number;
  height: number;
  /** El <picture> que el inicio muestra en ese lugar, tal como va en el HTML servido */
  html: string;
  slot: 'portada' | 'nosotros' | 'sistemas' | 'especializado' | 'entrenador-andres' | 'entrenador-gabriela' | 'entrenador-kevin' | 'entrenador-sofia';
  /** Tamaño WebP para navegadores que solo leen src */
  src: string;
  webpSrcset: string;
  /** Ancho de la foto, ya derecha */
  width: number;
};
export type LandingImagesDto = {
  /** Solo los lugares con foto del estudio; los demás muestran la ilustración */
  images: LandingPictureDto[];
};
export type MembershipDto = {
  /** Clases que quedan en el periodo; null si es ilimitada */
  classesLeft: number | null;
  /** Clases del periodo; null si es ilimitada */
  classesPerPeriod: number | null;
  /** Desde cuándo está congelada */
  frozenFrom: string | null;
  /** Si el miembro es el titular (false: la comparte un plan de pareja o familia) */
  holder: boolean;
  /** Personas que comparten las clases */
  people: number;
  planId: string;
  planTitle: string;
  /** Vigente, congelada o vencida */
  status: 'active' | 'frozen' | 'expired';
  /** Clases ilimitadas (Elite) */
  unlimited: boolean;
  /** Primer día del periodo (hora de El Salvador) */
  validFrom: string;
  /** Último día de vigencia, incluido */
  validUntil: string;
};
export type MyMembershipDto = {
  /** null si nunca ha tenido membresía */
  membership: MembershipDto | null;
};
export type PlanWorkoutDto = {
  /** Id del entrenamiento (GET /api/workouts/{id}). */
  _id: string;
  difficulty: 'beginner' | 'intermediate' | 'advanced';
  /** Duración en minutos, la misma que GET /api/workouts/{id} sirve en estDurationMin. */
  estDurationMin: number;
  estDurationSec: number;
  goal: string;
  title: string;
  /** Semana del plan en la que toca (1 = primera). */
  week: number;
  workoutType: (
    'strength' | 'cardio' | 'hiit' | 'flexibility' | 'full-body' | 'upper-body' | 'lower-body' | 'core' | 'plyometric' | 'mobility' | 'endurance' | 'balance'
  )[];
};
export type PlanDto = {
  _id: string;
  description: string;
  difficulty: 'beginner' | 'intermediate' | 'advanced';
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
  dateOfBirth: string | null;
  fitnessLevel: ('beginner' | 'intermediate' | 'advanced') | null;
  gender: ('male' | 'female' | 'other') | null;
  goals: string[];
  height: number | null;
  weight: number | null;
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
  dateOfBirth?: string | null;
  fitnessLevel?: ('beginner' | 'intermediate' | 'advanced') | null;
  gender?: ('male' | 'female' | 'other' | '') | null;
  goals?: string[];
  /** cm */
  height?: number | null;
  /** kg */
  weight?: number | null;
};
export type UpdateProfileDto = {
  /** true desde el asistente de perfil; false desde la página de perfil */
  completeOnboarding?: boolean;
  profile: ProfileInputDto;
};
export type ConsentDto = {
  /** Versión vigente del aviso; null para los correos */
  currentNoticeVersion: string | null;
  /** Cuándo decidió por última vez */
  decidedAt: string | null;
  /** Vigente ahora (un tipo de correo sin decisión está suscrito por defecto) */
  granted: boolean;
  /** Tipo de consentimiento del registro */
  kind: string;
  label: string;
  /** Versión del aviso aceptado; null si se retiró o nunca se dio */
  noticeVersion: string | null;
  /** Lo que deja de hacerse al retirarlo */
  onWithdraw: string;
  purpose: string;
  /** Si el socio decidió alguna vez; false para quien se registró antes del registro de consentimientos */
  recorded: boolean;
  /** Quién registró la última decisión: member, el socio; desk, recepción (el socio aceptó el aviso en la pantalla de recepción); null si nunca decidió */
  recordedBy: ('member' | 'desk') | null;
  /** false para los términos: cerrar la cuenta es una solicitud de cancelación */
  withdrawable: boolean;
};
export type ConsentsDto = {
  /** Cada consentimiento del registro, en orden fijo */
  consents: ConsentDto[];
};
export type UpdateConsentDto = {
  /** true para dar el consentimiento, false para retirarlo */
  granted: boolean;
  /** Versión del aviso leído; requerida al dar el consentimiento */
  noticeVersion?: string;
};
export type RightsRequestDto = {
  details: string | null;
  /** Fecha límite: 20 días hábiles (40 si se prorrogó), sin fines de semana ni feriados */
  dueOn: string;
  extended: boolean;
  id: string;
  /** Día de recepción (America/El_Salvador) */
  receivedOn: string;
  right: 'access' | 'rectification' | 'erasure' | 'opposition' | 'portability';
  rightLabel: string;
  status: 'received' | 'in-progress' | 'answered' | 'extended' | 'rejected';
  statusLabel: string;
  updatedAt: string;
};
export type RightsRequestsDto = {
  /** Lo más reciente primero */
  requests: RightsRequestDto[];
};
export type FileRightsRequestDto = {
  details?: string;
  right: 'access' | 'rectification' | 'erasure' | 'opposition' | 'portability';
};
export type PaginationDto = {
  hasMore: boolean;
  limit: number;
  offset: number;
  total: number;
};
export type HeartRateSummaryDto = {
  avgBpm: number | null;
  /** Insignia de la sesión: 12 minutos o más al 84 % o más */
  badge: boolean;
  /** kcal estimadas (Keytel 2005); null sin peso en el perfil */
  kcal: number | null;
  maxBpm: number | null;
  /** Puntos Pulso de la sesión */
  points: number;
  /** LPM que bajó en el primer minuto tras terminar; null sin lecturas */
  recovery1MinBpm: number | null;
  /** Segundos de la sesión con lectura */
  samples: number;
  /** Segundos al 84 % de la FC máxima o más */
  secondsAtBadgeIntensity: number;
  /** Segundos en las zonas 1 a 5 */
  secondsInZone: number[];
};
export type PlanRefDto = {
  _id: string;
  title: string;
};
export type WorkoutRefDto = {
  _id: string;
  estDurationSec: number;
  title: string;
};
export type ProgressRecordDto = {
  _id: string;
  completedAt: string;
  durationSec: number;
  enrollmentId: string | null;
  /** Resumen de la frecuencia cardiaca de la sesión; null si se entrenó sin sensor */
  heartRate: HeartRateSummaryDto | null;
  isRunning: boolean;
  /** Día en America/El_Salvador */
  localDate: string;
  planId: PlanRefDto | null;
  workoutId: WorkoutRefDto;
};
export type ProgressListResponseDto = {
  pagination: PaginationDto;
  progress: ProgressRecordDto[];
};
export type CompleteWorkoutResponseDto = {
  /** false si las proyecciones no alcanzaron la escritura a tiempo */
  consistent: boolean;
  /** true si era un reintento ya contado */
  duplicate: boolean;
  /** Resumen de la frecuencia cardiaca de la sesión; null sin lecturas o sin consentimiento */
  heartRate: HeartRateSummaryDto | null;
  progress: ProgressRecordDto;
};
export type HeartRateRrInputDto = {
  /** Cuántos de los intervalos llegaron en cada segundo entrenado desde el inicio; suman la cantidad de intervalos */
  counts: number[];
  /** Intervalos R–R en milisegundos, en el orden en que llegaron */
  ms: number[];
};
export type HeartRateSeriesInputDto = {
  /** Intervalos R–R del sensor (solo si los envía); se guardan con las lecturas y van en el archivo .fit, no en el resumen */
  rr?: HeartRateRrInputDto;
  /** LPM de cada segundo entrenado desde el inicio (null si el sensor no envió nada), seguidos de las lecturas posteriores al final (para la recuperación del primer minuto) */
  samples: (number | null)[];
};
export type IntervalTimerSessionDto = {
  kind: 'tabata' | 'emom' | 'amrap' | 'custom';
  name: string;
  /** Segundos de descanso tras cada ronda */
  restSec: number;
  /** Rondas por serie */
  rounds: number;
  /** Segundos de descanso entre series (sustituye al descanso de la última ronda de la serie) */
  setRestSec: number;
  /** Series */
  sets: number;
  /** Segundos de trabajo por ronda */
  workSec: number;
};
export type CompleteWorkoutDto = {
  /** Identificador de la finalización generado por el cliente */
  completionId?: string;
  /** Segundos entrenados (modal de carrera) */
  duration?: number;
  /** Segundos entrenados (reproductor) */
  durationSec?: number;
  enrollmentId?: string | null;
  /** Lecturas del sensor de frecuencia cardiaca; se guardan solo con el consentimiento vigente */
  heartRate?: HeartRateSeriesInputDto;
  /** La sesión del temporizador de intervalos; requerida (y solo admitida) con workoutId "interval-timer" */
  intervalTimer?: IntervalTimerSessionDto;
  /** true desde el modal de carrera */
  isRunning?: boolean;
  planId?: string | null;
  workoutId: string;
};
export type AchievementDto = {
  code: string;
  description: string;
  progress: number;
  target: number;
  title: string;
  unlocked: boolean;
  unlockedAt: string | null;
};
export type HeartRateStatsDto = {
  /** Entrenamientos con la insignia de esfuerzo */
  badgeSessions: number;
  /** true con el consentimiento para registrar la frecuencia cardiaca vigente */
  consented: boolean;
  /** Meta mensual de Puntos Pulso */
  monthlyPointsTarget: number;
  /** Entrenamientos con resumen de frecuencia cardiaca */
  sessions: number;
  /** Puntos Pulso del mes en curso (días de El Salvador) */
  thisMonthPoints: number;
  /** Puntos Pulso de la semana en curso, de lunes a domingo */
  thisWeekPoints: number;
  totalPoints: number;
};
export type RecentWorkoutDto = {
  completedAt: string;
  workoutId: WorkoutRefDto;
};
export type StatsDto = {
  achievements: AchievementDto[];
  activePlans: number;
  currentStreak: number;
  hasWorkoutToday: boolean;
  /** Puntos Pulso y sesiones con sensor */
  heartRate: HeartRateStatsDto;
  longestStreak: number;
  recentWorkouts: RecentWorkoutDto[];
  thisMonthCount: number;
  thisWeekCount: number;
  totalDurationSec: number;
  totalWorkouts: number;
};
export type StatsResponseDto = {
  stats: StatsDto;
};
export type RunningWorkoutListDto = {
  workouts: RunningWorkoutDto[];
};
export type RunningWorkoutDetailDto = {
  workout: RunningWorkoutDto;
};
export type StaffChallengeDto = {
  /** Cuándo se archivó; null si sigue vigente */
  archivedAt: string | null;
  challengeId: string;
  createdAt: string;
  /** Miembros que alcanzaron la meta */
  finishers: number;
  goalType: 'workouts' | 'minutes' | 'points';
  month: string;
  name: string;
  /** Miembros que se unieron */
  participants: number;
  target: number;
};
export type StaffChallengesDto = {
  /** Del mes más reciente al más antiguo */
  items: StaffChallengeDto[];
};
export type CreateChallengeDto = {
  /** Qué cuenta: entrenamientos, minutos o Puntos Pulso */
  goalType: 'workouts' | 'minutes' | 'points';
  /** Mes del reto (AAAA-MM), el mes en curso o uno próximo */
  month: string;
  /** Entre 3 y 80 caracteres */
  name: string;
  /** La meta del mes, un entero mayor que cero */
  target: number;
};
export type ChallengeParticipantDto = {
  email: string | null;
  /** Día (hora del estudio) en que alcanzó la meta */
  finishedOn: string | null;
  firstName: string | null;
  joinedAt: string;
  lastName: string | null;
  progress: number;
  /** Posición por avance, como en la clasificación (empates comparten posición) */
  rank: number;
  userId: string;
};
export type ChallengeParticipantsDto = {
  challenge: ChallengeDto;
  /** Por avance, de mayor a menor */
  items: ChallengeParticipantDto[];
};
export type WeekFiguresDto = {
  /** Asistieron (registrados en recepción) */
  attended: number;
  /** Lugares ocupados: reservados, con asistencia o ausentes (las cancelaciones liberan el suyo) */
  booked: number;
  /** Lugares ofrecidos: la suma de los cupos */
  capacity: number;
  /** Clases dadas (las canceladas no cuentan) */
  classes: number;
  /** Ausencias / (asistencias + ausencias), 0 a 1; null si aún no hay ninguna */
  noShowRate: number | null;
  /** Reservaron y no llegaron */
  noShows: number;
  /** Ocupación: lugares ocupados / cupo (0 a 1); null sin cupo */
  occupancy: number | null;
  /** Reservas que entraron a la lista de espera */
  waitlistJoined: number;
  /** De ellas, cuántas consiguieron lugar */
  waitlistPromoted: number;
  /** Domingo de la semana */
  weekEnd: string;
  /** Lunes de la semana */
  weekStart: string;
};
export type ClassNameFiguresDto = {
  /** Asistieron (registrados en recepción) */
  attended: number;
  /** Lugares ocupados: reservados, con asistencia o ausentes (las cancelaciones liberan el suyo) */
  booked: number;
  /** Lugares ofrecidos: la suma de los cupos */
  capacity: number;
  className: string;
  /** Clases dadas (las canceladas no cuentan) */
  classes: number;
  /** Ausencias / (asistencias + ausencias), 0 a 1; null si aún no hay ninguna */
  noShowRate: number | null;
  /** Reservaron y no llegaron */
  noShows: number;
  /** Ocupación: lugares ocupados / cupo (0 a 1); null sin cupo */
  occupancy: number | null;
  /** Reservas que entraron a la lista de espera */
  waitlistJoined: number;
  /** De ellas, cuántas consiguieron lugar */
  waitlistPromoted: number;
  /** Una por semana del reporte, en orden */
  weeks: WeekFiguresDto[];
};
export type ClassesLeftBucketDto = {
  count: number;
  label: 'Sin clases' | '1 o 2' | '3 a 5' | '6 o m\u00E1s' | 'Ilimitadas';
};
export type ExpiringWeekDto = {
  /** Membresías vigentes (no congeladas) cuyo último día cae en la semana, desde hoy */
  count: number;
  weekEnd: string;
  weekStart: string;
};
export type MembershipsOutlookDto = {
  /** Membresías vigentes por clases que les quedan */
  classesLeft: ClassesLeftBucketDto[];
  /** Membresías que vencen esta semana y las 3 siguientes */
  expiring: ExpiringWeekDto[];
  /** Hoy, día del estudio */
  today: string;
};
export type ClassFiguresDto = {
  /** Asistieron (registrados en recepción) */
  attended: number;
  /** Lugares ocupados: reservados, con asistencia o ausentes (las cancelaciones liberan el suyo) */
  booked: number;
  /** Lugares ofrecidos: la suma de los cupos */
  capacity: number;
  /** Clases dadas (las canceladas no cuentan) */
  classes: number;
  /** Ausencias / (asistencias + ausencias), 0 a 1; null si aún no hay ninguna */
  noShowRate: number | null;
  /** Reservaron y no llegaron */
  noShows: number;
  /** Ocupación: lugares ocupados / cupo (0 a 1); null sin cupo */
  occupancy: number | null;
  /** Reservas que entraron a la lista de espera */
  waitlistJoined: number;
  /** De ellas, cuántas consiguieron lugar */
  waitlistPromoted: number;
};
export type ClassReportDto = {
  /** Una por clase (nombre del tipo de clase), en orden alfabético */
  classes: ClassNameFiguresDto[];
  /** Lunes de la primera semana */
  from: string;
  memberships: MembershipsOutlookDto;
  /** Domingo de la última semana */
  to: string;
  /** Todo el rango */
  total: ClassFiguresDto;
  /** Una por semana, en orden */
  weeks: WeekFiguresDto[];
};
export type DeskBookClassDto = {
  /** Id del miembro para quien se reserva */
  memberId: string;
  /** true: si la clase está llena, unirse a la lista de espera */
  waitlist: boolean;
};
export type CheckInAnswerDto = {
  bookingId: string;
  checkedInAt: string;
  /** Vacío para un invitado de clase gratis */
  memberId: string;
  status: 'checked-in';
};
export type CheckInDto = {
  /** Id de la reserva */
  bookingId?: string;
  /** El código del QR del miembro */
  code?: string;
};
export type RosterEntryDto = {
  bookingId: string;
  checkedInAt: string | null;
  memberId: string;
  name: string;
  status: 'booked' | 'checked-in' | 'no-show';
};
export type RosterGuestDto = {
  /** El id de la reserva de clase gratis */
  bookingId: string;
  checkedInAt: string | null;
  /** Nombre y apellido como los dio en el formulario */
  name: string;
  outcome: ('attended' | 'no-show' | 'converted') | null;
  /** Del resultado de su clase gratis: Asistió o Se hizo miembro es checked-in */
  status: 'booked' | 'checked-in' | 'no-show';
};
export type RosterWaitlistEntryDto = {
  bookingId: string;
  memberId: string;
  name: string;
  position: number;
};
export type RosterDto = {
  booked: RosterEntryDto[];
  capacity: number;
  className: string;
  date: string;
  endTime: string;
  /** Invitados de clase gratis: cada uno ocupa un lugar de la clase (ADR 0380) */
  guests: RosterGuestDto[];
  slotId: string;
  startTime: string;
  waitlist: RosterWaitlistEntryDto[];
};
export type EventTypesDto = {
  types: string[];
};
export type ActorDto = {
  /** Nombre del miembro del personal que actuó (acciones registradas desde que se guarda) */
  name?: string;
  role: string;
  userId: string;
};
export type LogMemberDto = {
  email: string;
  name: string;
  userId: string;
};
export type LogEntryDto = {
  actor: ActorDto | null;
  causationId: string | null;
  correlationId: string | null;
  data: {
    [key: string]: any;
  };
  eventId: string;
  member: LogMemberDto | null;
  metadata: {
    [key: string]: any;
  };
  /** Cuándo ocurrió (metadata.occurredAt) */
  occurredAt: string | null;
  /** Posición del evento en el almacén de eventos (opaca) */
  position: string;
  revision: string;
  schemaVersion: number | null;
  streamId: string;
  type: string;
};
export type ActivityPageDto = {
  items: LogEntryDto[];
  nextCursor: string | null;
};
export type BookingFollowUpDto = {
  bookedAt: string;
  cellphone: string;
  classDate: string;
  className: string;
  confirmationSentAt: string | null;
  dui: string;
  email: string;
  id: string;
  lastname: string;
  name: string;
  outcome: ('attended' | 'no-show' | 'converted') | null;
  outcomeAt: string | null;
  outcomeBy: string | null;
  slot: string;
};
export type BookingsListDto = {
  items: BookingFollowUpDto[];
};
export type RecordOutcomeDto = {
  /** attended (asistió), no-show (no asistió) o converted (se hizo miembro) */
  outcome: 'attended' | 'no-show' | 'converted';
};
export type OutboxMessageDto = {
  createdAt: string;
  htmlBody: string | null;
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  textBody: string;
};
export type OutboxPageDto = {
  items: OutboxMessageDto[];
  nextCursor: string | null;
};
export type MediaUploadDto = {
  contentType: string;
  mediaKind: 'photo' | 'video';
  originalName: string;
  sizeBytes: number;
  uploadedAt: string;
  uploadedByName: string;
  /** Dirección del archivo (con MEDIA_CDN_BASE, en el CDN) */
  url: string;
};
export type StaffExerciseMediaDto = {
  exerciseId: string;
  /** Familia de movimiento de la demostración ilustrada */
  family:
    'sentadilla' | 'zancada' | 'bisagra' | 'empuje' | 'tiron' | 'plancha' | 'abdomen' | 'salto' | 'boxeo' | 'cardio' | 'movilidad' | 'yoga' | 'equilibrio';
  name: string;
  /** Foto del estudio: sustituye la ilustración en tarjetas y como imagen fija */
  photo?: MediaUploadDto;
  /** Video del estudio: sustituye la demostración animada en el reproductor */
  video?: MediaUploadDto;
  /** Entrenamientos de la biblioteca que lo usan */
  workouts: number;
};
export type StaffLandingPhotoDto = {
  alt: string;
  contentType: string;
  focalX: number;
  focalY: number;
  height: number;
  mediaKind: 'photo' | 'video';
  originalName: string;
  /** Tamaño para ver la foto en la consola */
  previewUrl: string;
  sizeBytes: number;
  /** Tamaños AVIF y WebP generados */
  sizes: number;
  uploadedAt: string;
  uploadedByName: string;
  /** Dirección del archivo (con MEDIA_CDN_BASE, en el CDN) */
  url: string;
  width: number;
};
export type StaffLandingImageDto = {
  /** Ilustración que se muestra sin foto (la portada no tiene) */
  illustrationUrl?: string;
  label: string;
  /** Ancho mínimo de la foto, en px */
  minWidth: number;
  photo?: StaffLandingPhotoDto;
  slot: 'portada' | 'nosotros' | 'sistemas' | 'especializado' | 'entrenador-andres' | 'entrenador-gabriela' | 'entrenador-kevin' | 'entrenador-sofia';
  where: string;
};
export type MediaLimitsDto = {
  photoMaxBytes: number;
  videoMaxBytes: number;
};
export type StaffMediaDto = {
  exercises: StaffExerciseMediaDto[];
  /** La portada, las secciones y los entrenadores del inicio del sitio */
  landing: StaffLandingImageDto[];
  limits: MediaLimitsDto;
};
export type MediaUploadFormDto = {
  /** Video MP4 (H.264) o WebM de hasta 25 MB, o foto JPEG, PNG o WebP de hasta 5 MB */
  archivo: Blob;
};
export type LandingImageDetailsDto = {
  alt?: string;
  focalX?: number;
  focalY?: number;
};
export type LandingImageFormDto = {
  /** Texto alternativo: qué muestra la foto, para quien no la ve */
  alt: string;
  /** Foto JPEG, PNG o WebP de hasta 5 MB */
  archivo: Blob;
  /** Punto focal horizontal, en % del ancho (0 = borde izquierdo); 50 si no se envía */
  focalX?: number;
  /** Punto focal vertical, en % del alto (0 = borde superior); 50 si no se envía */
  focalY?: number;
};
export type MemberSummaryDto = {
  activePlans: number;
  currentStreak: number;
  email: string | null;
  firstName: string | null;
  lastActivityAt: string | null;
  lastName: string | null;
  lastWorkoutAt: string | null;
  signedUpAt: string | null;
  totalWorkouts: number;
  userId: string;
};
export type MembersPageDto = {
  hasMore: boolean;
  items: MemberSummaryDto[];
};
export type ErasureResultDto = {
  /** Si las proyecciones ya reflejaban el borrado al responder */
  consistent: boolean;
  erasedAt: string;
  /** Claves de datos destruidas */
  keysDestroyed: number;
  requestId: string | null;
  /** Filas borradas fuera de las proyecciones, por tabla */
  rowsDeleted: object;
  userId: string;
};
export type EraseMemberDataDto = {
  /** La solicitud de derechos que se atiende (su id o una referencia libre) */
  requestId?: string;
};
export type DeskHeartRateConsentDto = {
  /** Cuándo se dio el consentimiento vigente */
  at: string | null;
  /** Si el miembro tiene su consentimiento vigente */
  granted: boolean;
  /** El aviso aceptado */
  noticeVersion: string | null;
  /** true si el consentimiento vigente se registró en recepción; false si el miembro ya lo había dado en la app */
  recordedAtDesk: boolean;
  userId: string;
};
export type RecordDeskHeartRateConsentDto = {
  /** true: el miembro leyó el aviso en la pantalla de recepción y pulsó «Acepto»; cualquier otro valor no registra nada */
  memberAccepted: boolean;
  /** Versión del aviso que el miembro leyó en la pantalla de recepción */
  noticeVersion: string;
};
export type StaffMembershipDto = {
  membership: MembershipDto | null;
  /** Si la titular comparte: los ids de los otros miembros */
  sharedWith: string[];
  userId: string;
};
export type ConfirmMembershipPurchaseDto = {
  /** El enlace que usó: pago único o renovación automática */
  billing: 'one-time' | 'recurring';
  planId: 'elite' | 'athlete' | 'casual' | 'four-classes' | 'one-class' | 'athlete-couples' | 'casual-couples' | 'family-4' | 'family-3' | 'platform-trial';
  /** La referencia del pago en el proveedor */
  reference: string;
  /** Planes de pareja o familia: los ids de los otros miembros que comparten las clases */
  sharedWith?: string[];
};
export type RecordMembershipSaleDto = {
  /** Pago único o renovación automática (precio con descuento) */
  billing?: 'one-time' | 'recurring';
  /** "cortesia" solo para la prueba de 7 días */
  paymentMethod: 'efectivo' | 'tarjeta' | 'transferencia' | 'enlace-de-pago' | 'cortesia';
  planId: 'elite' | 'athlete' | 'casual' | 'four-classes' | 'one-class' | 'athlete-couples' | 'casual-couples' | 'family-4' | 'family-3' | 'platform-trial';
  /** Número de recibo, autorización o transferencia (hasta 80 caracteres) */
  reference?: string | null;
  /** Planes de pareja o familia: los ids de los otros miembros que comparten las clases */
  sharedWith?: string[];
};
export type ProfileChangeDto = {
  after: object | null;
  before: object | null;
  field: string;
};
export type TimelineEntryDto = {
  actor: ActorDto | null;
  changes?: ProfileChangeDto[];
  durationSec?: number;
  enrollmentId?: string | null;
  eventId: string;
  /** WorkoutCompleted con sensor: el resumen de la frecuencia cardiaca en palabras */
  heartRate?: string;
  localDate?: string;
  occurredAt: string;
  planId?: string | null;
  planTitle?: string | null;
  position: string;
  revision: string;
  summary: string;
  type: string;
  workoutId?: string;
  workoutTitle?: string | null;
};
export type MemberIdentityDto = {
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  userId: string;
};
export type TimelinePageDto = {
  items: TimelineEntryDto[];
  member: MemberIdentityDto;
  nextCursor: string | null;
};
export type ExpiringMembershipDto = {
  email: string | null;
  firstName: string | null;
  membership: MembershipDto;
  userId: string;
};
export type ExpiringMembershipsDto = {
  /** Desde hoy */
  from: string;
  memberships: ExpiringMembershipDto[];
  /** Hasta dentro de 6 días, incluido */
  to: string;
};
export type MembershipPlanDto = {
  /** Clases por persona y periodo; null si es ilimitado */
  classesPerPerson: number | null;
  id: string;
  oneTimePriceUsd: number;
  people: number;
  recurringPriceUsd: number | null;
  title: string;
  /** Vigencia de cada periodo */
  validity: string;
};
export type MembershipPlansDto = {
  plans: MembershipPlanDto[];
};
export type RebuildHistoryEntryDto = {
  durationSeconds: number | null;
  finishedAt: string | null;
  generation: number;
  name: string;
  outcome: 'completed' | 'running' | 'superseded';
  processed: number;
  requestedAt: string;
  requestedBy: string | null;
};
export type RebuildProgressDto = {
  etaSeconds: number | null;
  eventsPerSecond: number;
  generation: number;
  processed: number;
  startedAt: string;
  total: number;
};
export type ProjectionOverviewDto = {
  error?: {
    [key: string]: any;
  };
  eventTypes: string[];
  generation?: number;
  lagAtLeast: boolean;
  lagEvents: number;
  lagSeconds: number;
  name: string;
  /** running, rebuilding o error, como lo muestra la consola */
  phase: string;
  position?: string;
  rebuild?: RebuildProgressDto;
  /** running, inline, standby, failed, stopped, stale o missing */
  state: string;
  version: number;
};
export type ProjectionsOverviewDto = {
  history: RebuildHistoryEntryDto[];
  projections: ProjectionOverviewDto[];
};
export type RebuildStartedGenerationDto = {
  generation: number;
  name: string;
};
export type RebuildStartedDto = {
  generations: RebuildStartedGenerationDto[];
};
export type StaffRightsRequestDto = {
  /** Días hábiles que faltan para la fecha límite (negativo si venció) */
  businessDaysLeft: number;
  details: string | null;
  /** Fecha límite: 20 días hábiles (40 si se prorrogó), sin fines de semana ni feriados */
  dueOn: string;
  extended: boolean;
  id: string;
  memberEmail: string;
  memberName: string;
  /** Día de recepción (America/El_Salvador) */
  receivedOn: string;
  right: 'access' | 'rectification' | 'erasure' | 'opposition' | 'portability';
  rightLabel: string;
  status: 'received' | 'in-progress' | 'answered' | 'extended' | 'rejected';
  statusLabel: string;
  updatedAt: string;
  userId: string;
};
export type StaffRightsRequestsDto = {
  /** Abiertas primero, por fecha límite; luego las cerradas, lo más reciente primero */
  requests: StaffRightsRequestDto[];
};
export type StaffFileRightsRequestDto = {
  details?: string;
  right: 'access' | 'rectification' | 'erasure' | 'opposition' | 'portability';
  /** El miembro que hizo la solicitud en recepción */
  userId: string;
};
export type UpdateRightsRequestStatusDto = {
  status: 'received' | 'in-progress' | 'answered' | 'extended' | 'rejected';
};
export type BoardParticipantDto = {
  bookingId: string | null;
  /** La última lectura recibida */
  bpm: number | null;
  /** Solo para la consola */
  fullName: string;
  kind: 'member' | 'guest';
  /** Lo que muestra la pantalla: nombre e inicial si el miembro lo eligió, si no iniciales */
  label: string;
  /** Cuándo se tomó la última lectura (reloj del PC de la pantalla) */
  lastReadingAt: string | null;
  maxHr: number;
  pctMax: number | null;
  /** Puntos Pulso de la clase hasta ahora */
  points: number;
  /** Segundos en las zonas 1 a 5 */
  secondsInZone: number[];
  sensorId: string;
  userId: string | null;
  /** Zona 1 a 5 de la última lectura; null por debajo del 50 % */
  zone: number | null;
};
export type StudioClassResultDto = {
  fullName: string;
  points: number;
  /** Si quedó registrada (miembro con consentimiento y con lecturas; invitado con lecturas) */
  recorded: boolean;
  sensorId: string;
};
export type StudioClassSessionDto = {
  classDate: string;
  className: string;
  endedAt: string | null;
  id: string;
  slot: string;
  /** La clase del horario; null si se inició solo con el horario */
  slotId: string | null;
  startedAt: string;
};
export type StudioTodayClassDto = {
  /** Cancelada hoy: no se puede iniciar */
  cancelled: boolean;
  className: string;
  coach: string;
  endTime: string;
  label: string;
  slotId: string;
  startTime: string;
};
export type StudioTodayDto = {
  className: string;
  /** Las clases de hoy según el horario, por hora */
  classes: StudioTodayClassDto[];
  date: string;
  slots: string[];
  /** El horario en curso o por empezar (la opción por defecto de la consola) */
  suggestedSlot: string;
  /** La clase en curso o por empezar (la opción por defecto de la consola) */
  suggestedSlotId: string | null;
};
export type UnassignedSensorDto = {
  /** Su última lectura */
  bpm: number | null;
  /** Cuándo se tomó su última lectura (reloj del PC de la pantalla) */
  lastReadingAt: string | null;
  sensorId: string;
};
export type BoardZoneDto = {
  color: string;
  name: string;
  zone: number;
};
export type StudioClassStateDto = {
  guestNoticeVersion: string;
  participants: BoardParticipantDto[];
  /** Solo en la respuesta de terminar la clase */
  results?: StudioClassResultDto[];
  serverTime: string;
  /** La clase en curso; al terminarla, la última de hoy */
  session: StudioClassSessionDto | null;
  today: StudioTodayDto;
  /** Sensores con lecturas en esta clase que no están asignados a nadie: la pantalla avisa para asignarlos (sus lecturas cuentan para quien lo reciba) */
  unassignedSensors: UnassignedSensorDto[];
  zones: BoardZoneDto[];
};
export type StartStudioClassDto = {
  /** Sin slotId: uno de los horarios de hoy (today.slots) */
  slot?: string;
  /** La clase de hoy del horario (GET /api/staff/studio-class: today.classes[].slotId): la clase lleva su nombre y los miembros con llegada registrada reciben su banda recordada */
  slotId?: string;
};
export type AssignStudioSensorDto = {
  /** La reserva de clase gratis de hoy del invitado que lleva el sensor */
  bookingId?: string;
  /** Solo invitados: aceptó en recepción el aviso de frecuencia cardiaca */
  guestAcceptedNotice?: boolean;
  /** Solo invitados: su edad, para estimar su FC máxima */
  guestAge?: number;
  /** El nombre con que el sensor se anuncia (impreso en la banda) */
  sensorId: string;
  /** Id (UUID) de la clase en curso */
  sessionId: string;
  /** El miembro que lleva el sensor (uno de userId o bookingId) */
  userId?: string;
};
export type EndStudioClassDto = {
  /** Id (UUID) de la clase a terminar */
  sessionId: string;
};
export type StudioGuestDto = {
  bookingId: string;
  email: string;
  fullName: string;
  slot: string;
};
export type StudioMemberFoundDto = {
  /** Si dio su consentimiento de frecuencia cardiaca */
  consented: boolean;
  email: string;
  fullName: string;
  userId: string;
};
export type StudioPeopleDto = {
  /** Las reservas de clase gratis de hoy */
  guests: StudioGuestDto[];
  members: StudioMemberFoundDto[];
};
export type RecordStudioReadingsResponseDto = {
  /** Lecturas nuevas guardadas (las repetidas no cuentan) */
  stored: number;
};
export type StudioReadingDto = {
  /** Cuándo el PC de la pantalla tomó la lectura */
  at: string;
  bpm: number;
  sensorId: string;
};
export type RecordStudioReadingsDto = {
  /** Lecturas de 1 Hz por sensor; reenviar un lote no cambia nada */
  readings: StudioReadingDto[];
  /** Id (UUID) de la clase en curso */
  sessionId: string;
};
export type RememberedStrapDto = {
  fullName: string;
  /** Cuándo recepción la emparejó por última vez */
  rememberedAt: string;
  sensorId: string;
  userId: string;
};
export type RememberedStrapsDto = {
  /** Las bandas recordadas de los miembros con su consentimiento de frecuencia cardiaca vigente, por nombre */
  straps: RememberedStrapDto[];
};
export type ClassChangeDto = {
  cancelled: boolean;
  capacity: number | null;
  date: string;
  notice: string;
  slotId: string;
  startTime: string | null;
};
export type ClassTypeDto = {
  classTypeId: string;
  /** Vacío si aún no se asigna */
  coach: string;
  defaultCapacity: number;
  description: string;
  lengthMin: number;
  name: string;
};
export type ClosureDto = {
  date: string;
  notice: string;
};
export type WeeklySlotDto = {
  capacity: number;
  classTypeId: string;
  slotId: string;
  startTime: string;
  /** 1 = lunes … 7 = domingo */
  weekday: number;
};
export type ScheduledClassDto = {
  /** Lugares reservados */
  booked: number;
  cancelled: boolean;
  capacity: number;
  /** true si ese día difiere del horario semanal */
  changed: boolean;
  className: string;
  /** Vacío si aún no se asigna */
  coach: string;
  date: string;
  description: string;
  endTime: string;
  /** Lugares libres (0 si se canceló) */
  free: number;
  label: string;
  lengthMin: number;
  /** El aviso de un cambio o una cancelación; vacío si no hay */
  notice: string;
  slotId: string;
  startTime: string;
};
export type TimetableDayDto = {
  classes: ScheduledClassDto[];
  /** El aviso de un día cerrado; null si el estudio abre */
  closed: string | null;
  date: string;
  dayName: string;
  weekday: number;
};
export type TimetableWeekDto = {
  days: TimetableDayDto[];
  /** El domingo */
  end: string;
  /** El lunes */
  start: string;
};
export type StaffTimetableDto = {
  /** Cambios de hoy en adelante */
  changes: ClassChangeDto[];
  classTypes: ClassTypeDto[];
  /** Días cerrados de hoy en adelante */
  closures: ClosureDto[];
  /** Por día y hora */
  slots: WeeklySlotDto[];
  timeZone: string;
  /** Hoy en El Salvador */
  today: string;
  /** Esta semana y la próxima */
  weeks: TimetableWeekDto[];
};
export type ClassChangeInputDto = {
  /** true para cancelar la clase ese día (con un aviso) */
  cancelled: boolean;
  /** Otro cupo ese día */
  capacity?: number | null;
  /** El día que cambia (AAAA-MM-DD), de hoy en adelante */
  date: string;
  /** Aviso corto (hasta 200 caracteres); obligatorio al cancelar */
  notice?: string;
  /** Id de la clase del horario semanal */
  slotId: string;
  /** Otra hora de inicio ese día */
  startTime?: string | null;
};
export type ClassTypeInputDto = {
  /** Quién la da; vacío si aún no se asigna */
  coach?: string;
  /** Cupo con que se crea una clase nueva de este tipo (1–100) */
  defaultCapacity: number;
  description?: string;
  /** Duración en minutos (15–180) */
  lengthMin: number;
  /** Hasta 60 caracteres */
  name: string;
};
export type ClosureInputDto = {
  /** Aviso del día cerrado (hasta 200 caracteres) */
  notice: string;
};
export type WeeklySlotInputDto = {
  /** Cupo del salón (1–100) */
  capacity: number;
  /** Id del tipo de clase */
  classTypeId: string;
  /** Hora de inicio, 24 horas, hora de El Salvador */
  startTime: string;
  /** Día de la semana: 1 = lunes … 7 = domingo */
  weekday: number;
};
export type StudioBoardNameResponseDto = {
  showName: boolean;
};
export type StudioBoardNameDto = {
  /** true: aparecer con el nombre y la inicial del apellido; false: solo iniciales */
  showName: boolean;
};
export type TimerPresetDto = {
  createdAt: string;
  id: string;
  name: string;
  restSec: number;
  rounds: number;
  setRestSec: number;
  sets: number;
  /** Duración total en segundos */
  totalSec: number;
  workSec: number;
};
export type TimerPresetsResponseDto = {
  /** Del más reciente al más antiguo; sin temporizadores, lista vacía */
  presets: TimerPresetDto[];
};
export type TimerPresetResponseDto = {
  preset: TimerPresetDto;
};
export type CreateTimerPresetDto = {
  name: string;
  /** Segundos de descanso tras cada ronda */
  restSec: number;
  /** Rondas por serie */
  rounds: number;
  /** Segundos de descanso entre series (sustituye al descanso de la última ronda de la serie) */
  setRestSec: number;
  /** Series */
  sets: number;
  /** Segundos de trabajo por ronda */
  workSec: number;
};
export type DeleteTimerPresetResponseDto = {
  id: string;
  message: string;
};
export type PublicTimetableDto = {
  timeZone: string;
  /** Hoy en El Salvador */
  today: string;
  /** Esta semana y la próxima */
  weeks: TimetableWeekDto[];
};
export type CalendarWorkoutDto = {
  _id: string;
  estDurationSec: number;
  title: string;
};
export type CalendarDayDto = {
  date: string;
  /** Solo en días planificados: lugar del entrenamiento en el plan (desde 1) */
  position?: number;
  status: 'done' | 'planned' | 'missed';
  /** Completados ese día, o el que toca; vacío en un día perdido */
  workouts: CalendarWorkoutDto[];
};
export type CalendarPlanDto = {
  enrollmentId: string;
  /** Lugar en el plan del próximo entrenamiento (desde 1) */
  nextPosition: number;
  planId: string;
  title: string;
  total: number;
};
export type TrainingScheduleDto = {
  reminderOffsetMin: number;
  time: string;
  weekdays: number[];
};
export type TrainingCalendarDto = {
  /** Solo los días con algo (hecho, planificado o perdido), en orden */
  days: CalendarDayDto[];
  /** El plan activo que sigue el calendario; null sin plan activo */
  plan: CalendarPlanDto | null;
  /** Lo que se preselecciona si aún no hay horario: 3 o 4 días según el plan */
  recommended: TrainingScheduleDto;
  /** null mientras el socio no elige sus días */
  schedule: TrainingScheduleDto | null;
  /** Hoy en El Salvador */
  today: string;
};
export type CalendarFeedDto = {
  /** URL secreta del calendario (iCal) para suscribirse */
  url: string;
  /** La misma URL con webcal:// para abrirla en la app de calendario */
  webcalUrl: string;
};
export type SetTrainingScheduleDto = {
  /** Minutos antes de la hora en que sale el recordatorio (si el socio recibe los correos 'workout-reminders', ver /api/email-preferences) */
  reminderOffsetMin: 15 | 30 | 60 | 120 | 180;
  /** Hora local de El Salvador, HH:MM */
  time: string;
  /** Días ISO: 1 = lunes … 7 = domingo */
  weekdays: number[];
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
export type WorkoutListDto = {
  workouts: WorkoutDto[];
};
export type WorkoutDetailDto = {
  workout: WorkoutDto;
};
export const {
  useGetCalendarFeedQuery,
  useGetMemberChallengesQuery,
  useUpdateLeaderboardPreferenceMutation,
  useJoinChallengeMutation,
  useGetChallengeLeaderboardQuery,
  useListClassesQuery,
  useListMyClassBookingsQuery,
  useCancelClassBookingMutation,
  useGetClassBookingCheckInCodeQuery,
  useGetClassBookingIcsQuery,
  useBookClassMutation,
  useGetRuntimeConfigQuery,
  useGetEmailPreferencesQuery,
  useOptOutOfEmailsMutation,
  useUpdateEmailPreferenceMutation,
  useListMemberEnrollmentsQuery,
  useEnrollInPlanMutation,
  useAbandonEnrollmentMutation,
  useGetCurrentWorkoutQuery,
  usePauseEnrollmentMutation,
  useResumeEnrollmentMutation,
  useCancelFreeClassMutation,
  usePreviewFreeClassCancellationMutation,
  useGetFreeClassScheduleQuery,
  useLiveQuery,
  useReadyQuery,
  useUpdateHeartRateConsentMutation,
  useSetMeasuredMaxHeartRateMutation,
  useGetHeartRateProfileQuery,
  useGetHeartRateReadingsQuery,
  useGetLocalJwksQuery,
  useGetCurrentIdentityQuery,
  useRefreshLocalSessionMutation,
  useGetSecondFactorStatusQuery,
  useAttemptSecondFactorMutation,
  useBeginTotpEnrollmentMutation,
  useConfirmTotpEnrollmentMutation,
  useSignInLocalAccountMutation,
  useSignOutLocalSessionMutation,
  useSignUpLocalAccountMutation,
  useResendVerificationCodeMutation,
  useVerifyLocalEmailMutation,
  useListLandingImagesQuery,
  useGetStudioUploadQuery,
  useGetExerciseVideoQuery,
  useGetExerciseThumbnailQuery,
  useGetMyMembershipQuery,
  useListPlansQuery,
  useGetOnboardingStatusQuery,
  useGetMemberProfileQuery,
  useUpdateMemberProfileMutation,
  useGetConsentsQuery,
  useUpdateConsentMutation,
  useExportMyDataQuery,
  useListMyRightsRequestsQuery,
  useFileRightsRequestMutation,
  useListProgressQuery,
  useCompleteWorkoutMutation,
  useGetProgressStatsQuery,
  useListRunningWorkoutsQuery,
  useGetRunningWorkoutQuery,
  useListStaffChallengesQuery,
  useCreateStaffChallengeMutation,
  useArchiveStaffChallengeMutation,
  useListStaffChallengeParticipantsQuery,
  useExportStaffChallengeParticipantsQuery,
  useGetClassBookingSettingsQuery,
  usePutClassBookingSettingsMutation,
  useGetClassReportQuery,
  useBookClassForMemberMutation,
  useCheckInToClassMutation,
  useGetClassRosterQuery,
  useListStaffEventTypesQuery,
  useListStaffEventsQuery,
  useExportStaffEventsQuery,
  useGetStaffEventQuery,
  useListStaffFreeClassBookingsQuery,
  useExportStaffFreeClassBookingsQuery,
  useRecordStaffFreeClassOutcomeMutation,
  useListStaffMailOutboxQuery,
  useListStaffMediaQuery,
  useUploadExerciseMediaMutation,
  useRevertExerciseMediaMutation,
  useRevertLandingImageMutation,
  useUpdateLandingImageMutation,
  useUploadLandingImageMutation,
  useListStaffMembersQuery,
  useEraseStaffMemberDataMutation,
  useExportMemberDataQuery,
  useRecordDeskHeartRateConsentMutation,
  useGetStaffMembershipQuery,
  useFreezeMembershipMutation,
  useConfirmMembershipPurchaseMutation,
  useRecordMembershipSaleMutation,
  useUnfreezeMembershipMutation,
  useGetStaffMemberTimelineQuery,
  useGetExpiringMembershipsQuery,
  useGetMembershipPlansQuery,
  useGetStaffProjectionsQuery,
  useRebuildAllStaffProjectionsMutation,
  useRebuildStaffProjectionMutation,
  useListRightsRequestsQuery,
  useFileRightsRequestAtDeskMutation,
  useUpdateRightsRequestStatusMutation,
  useGetStudioClassQuery,
  useStartStudioClassMutation,
  useAssignStudioSensorMutation,
  useEndStudioClassMutation,
  useSearchStudioClassPeopleQuery,
  useRecordStudioReadingsMutation,
  useListRememberedStrapsQuery,
  useForgetRememberedStrapMutation,
  useGetStaffTimetableQuery,
  useSetClassChangeMutation,
  useClearClassChangeMutation,
  useCreateClassTypeMutation,
  useDeleteClassTypeMutation,
  useUpdateClassTypeMutation,
  useReopenDayMutation,
  useCloseDayMutation,
  useCreateWeeklySlotMutation,
  useDeleteWeeklySlotMutation,
  useUpdateWeeklySlotMutation,
  useGetStudioBoardNameQuery,
  useChooseStudioBoardNameMutation,
  useListTimerPresetsQuery,
  useCreateTimerPresetMutation,
  useDeleteTimerPresetMutation,
  useGetPublicTimetableQuery,
  useGetTrainingCalendarQuery,
  useGetCalendarFeedUrlQuery,
  useRevokeCalendarFeedMutation,
  useSetTrainingScheduleMutation,
  useRegisterForFreeClassMutation,
  useListTrainingWorkoutsQuery,
  useGetTrainingWorkoutQuery,
} = injectedRtkApi;
