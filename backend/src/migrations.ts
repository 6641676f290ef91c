import { MailOutbox1763800000000 } from './infrastructure/database/migrations/1763800000000-mail-outbox';
import { Identity1763810000000 } from './infrastructure/database/migrations/1763810000000-identity';
import { FreeClassBookings1763830000000 } from './modules/free-class-bookings/1763830000000-free-class-bookings.migration';
import { EventStore1763820000000 } from './infrastructure/event-store/migrations/1763820000000-event-store';
import { Projections1763820000001 } from './infrastructure/projections/migrations/1763820000001-projections';
import { EventStoreJson1763880000000 } from './infrastructure/event-store/migrations/1763880000000-event-store-json';
import { Catalog1763840000000 } from './modules/catalog/1763840000000-catalog.migration';
import { InlineGenerations1764090000000 } from './infrastructure/projections/migrations/1764090000000-inline-generations';
import { ProjectionRebuilds1763870000000 } from './infrastructure/projections/migrations/1763870000000-projection-rebuilds';
import { StaffLogIndexes1763870000001 } from './modules/staff/1763870000001-staff-log-indexes.migration';
import { HeartRateSeries1763890000000 } from './modules/heart-rate/1763890000000-heart-rate-series.migration';
import { EmailLinkSecret1763900000000 } from './modules/email-preferences/1763900000000-email-link-secret.migration';
import { MemberContacts1763900000001 } from './modules/members/1763900000001-member-contacts.migration';
import { EmailSends1763900000002 } from './modules/email-preferences/1763900000002-email-sends.migration';
import { HeartRateRr1763910000000 } from './modules/heart-rate/1763910000000-heart-rate-rr.migration';
import { TrainingCalendar1763930000000 } from './modules/training-calendar/1763930000000-training-calendar.migration';
import { RightsRequests1763950000000 } from './modules/privacy/1763950000000-rights-requests.migration';
import { CatalogMediaUploads1763980000000 } from './modules/catalog/1763980000000-catalog-media-uploads.migration';
import { CatalogLandingImages1765500000000 } from './modules/catalog/1765500000000-catalog-landing-images.migration';
import { StaffLogStoreIndexesRetired1763870000002 } from './modules/staff/1763870000002-staff-log-store-indexes-retired.migration';
import { StaffTwoFactor1763970000000 } from './modules/identity/1763970000000-staff-two-factor.migration';
import { MemberDataKeys1763960000000 } from './infrastructure/privacy/migrations/1763960000000-member-data-keys';
import { FreeClassRetention1763960000001 } from './modules/free-class-bookings/1763960000001-free-class-retention.migration';
import { EventStoreAppendGroup1764200000000 } from './infrastructure/event-store/migrations/1764200000000-event-store-append-group';
import { EventStoreAppendGroupAtOnce1764300000000 } from './infrastructure/event-store/migrations/1764300000000-event-store-append-group-at-once';
import { RateLimits1765200000000 } from './infrastructure/rate-limits/migrations/1765200000000-rate-limits';
import { CalendarFeedTokenDigests1765200000001 } from './modules/training-calendar/1765200000001-calendar-feed-token-digests.migration';
import { AuthRevocations1765100000000 } from './infrastructure/auth/migrations/1765100000000-auth-revocations';
import { StudioRememberedStraps1766200000000 } from './modules/studio-class/1766200000000-studio-remembered-straps.migration';
import { Timetable1766000000000 } from './modules/timetable/1766000000000-timetable.migration';
import { TimetableVersion1766300000000 } from './modules/timetable/1766300000000-timetable-version.migration';
import { ClassBookings1766100000000 } from './modules/class-bookings/1766100000000-class-bookings.migration';
import { StudioClass1763940000000 } from './modules/studio-class/1763940000000-studio-class.migration';

/**
 * Every migration of the app, in order, beside the modules that own them (the app composes them
 * as app.module.ts composes the modules). A new one is added here in the same commit that creates it.
 */
export const migrations = [
  MailOutbox1763800000000,
  Identity1763810000000,
  EventStore1763820000000,
  Projections1763820000001,
  FreeClassBookings1763830000000,
  Catalog1763840000000,
  ProjectionRebuilds1763870000000,
  StaffLogIndexes1763870000001,
  StaffLogStoreIndexesRetired1763870000002,
  EventStoreJson1763880000000,
  HeartRateSeries1763890000000,
  EmailLinkSecret1763900000000,
  MemberContacts1763900000001,
  EmailSends1763900000002,
  HeartRateRr1763910000000,
  TrainingCalendar1763930000000,
  StaffTwoFactor1763970000000,
  MemberDataKeys1763960000000,
  FreeClassRetention1763960000001,
  StudioClass1763940000000,
  RightsRequests1763950000000,
  CatalogMediaUploads1763980000000,
  InlineGenerations1764090000000,
  EventStoreAppendGroup1764200000000,
  EventStoreAppendGroupAtOnce1764300000000,
  AuthRevocations1765100000000,
  RateLimits1765200000000,
  CalendarFeedTokenDigests1765200000001,
  CatalogLandingImages1765500000000,
  Timetable1766000000000,
  ClassBookings1766100000000,
  StudioRememberedStraps1766200000000,
  TimetableVersion1766300000000,
];
