import type { Migration } from 'kysely';
import { initial } from './001_initial.js';
import { auth } from './002_auth.js';
import { nuclides } from './003_nuclides.js';
import { conversation } from './004_conversation.js';
import { inbox } from './005_inbox.js';
import { onePendingRequest } from './006_one_pending_request.js';
import { commentThreads } from './007_comment_threads.js';
import { security } from './008_security.js';
import { newsroom } from './009_newsroom.js';
import { search } from './010_search.js';
import { jobLeases } from './012_job_leases.js';
import { moderation } from './013_moderation.js';
import { searchVocabulary } from './014_search_vocabulary.js';
import { mail } from './015_mail.js';
import { personalData } from './016_personal_data.js';
import { newsletter } from './017_newsletter.js';
import { searchFilters } from './018_search_filters.js';
import { commentWeight } from './019_comment_weight.js';
import { pageStore } from './020_page_store.js';
import { eventOutbox } from './021_event_outbox.js';
import { newsroomSettings } from './022_newsroom_settings.js';
import { canonicalTimes } from './023_canonical_times.js';
import { nameSkeletons } from './024_name_skeletons.js';
import { reportAddresses } from './025_report_addresses.js';
import { bylineInvitations } from './026_byline_invitations.js';
import { spamDefaults } from './027_spam_defaults.js';
import { corrections } from './028_corrections.js';
import { dsa } from './029_dsa.js';
import { fronts } from './030_fronts.js';
import { live } from './031_live.js';
import { push } from './032_push.js';
import { replies } from './037_replies.js';
import { articleAutosaves } from './038_article_autosaves.js';
import { newsroomFields } from './039_newsroom_fields.js';
import { analytics } from './040_analytics.js';
import { analyticsTopIndex } from './041_analytics_top_index.js';
import { staffInvitations } from './045_staff_invitations.js';
import { previousBuilds } from './046_previous_builds.js';
import { readerRevenue } from './050_reader_revenue.js';
import { revenueHistoryAndOffers } from './051_revenue_history_and_offers.js';
import { analyticsWeeks } from './052_analytics_weeks.js';
import { giftSubscriptions } from './053_gift_subscriptions.js';
import { liveDrafts } from './054_live_drafts.js';
import { analyticsTopLists } from './055_analytics_top_lists.js';
import { oneReadingCount } from './056_one_reading_count.js';
import { pageHotKeys } from './057_page_hot_keys.js';
import type { Dialect } from './util.js';

/** Every migration in order. Names sort; never rename or edit one that has shipped. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001_initial': initial(dialect),
    '002_auth': auth(),
    '003_nuclides': nuclides(dialect),
    '004_conversation': conversation(dialect),
    '005_inbox': inbox(dialect),
    '006_one_pending_request': onePendingRequest(),
    '007_comment_threads': commentThreads(),
    '008_security': security(),
    '009_newsroom': newsroom(dialect),
    '010_search': search(dialect),
    '012_job_leases': jobLeases(),
    '013_moderation': moderation(dialect),
    '014_search_vocabulary': searchVocabulary(dialect),
    '015_mail': mail(dialect),
    '016_personal_data': personalData(),
    '017_newsletter': newsletter(dialect),
    '018_search_filters': searchFilters(dialect),
    '019_comment_weight': commentWeight(),
    '020_page_store': pageStore(dialect),
    '021_event_outbox': eventOutbox(dialect),
    '022_newsroom_settings': newsroomSettings(),
    '023_canonical_times': canonicalTimes(),
    '024_name_skeletons': nameSkeletons(),
    '025_report_addresses': reportAddresses(),
    '026_byline_invitations': bylineInvitations(dialect),
    '027_spam_defaults': spamDefaults(),
    '028_corrections': corrections(dialect),
    '029_dsa': dsa(dialect),
    '037_replies': replies(dialect),
    '030_fronts': fronts(dialect),
    '038_article_autosaves': articleAutosaves(),
    '039_newsroom_fields': newsroomFields(),
    '045_staff_invitations': staffInvitations(dialect),
    '046_previous_builds': previousBuilds(dialect),
    '031_live': live(dialect),
    '032_push': push(dialect),
    '050_reader_revenue': readerRevenue(dialect),
    '051_revenue_history_and_offers': revenueHistoryAndOffers(dialect),
    '040_analytics': analytics(),
    '041_analytics_top_index': analyticsTopIndex(),
    '052_analytics_weeks': analyticsWeeks(dialect),
    '053_gift_subscriptions': giftSubscriptions(dialect),
    '054_live_drafts': liveDrafts(),
    '055_analytics_top_lists': analyticsTopLists(),
    '056_one_reading_count': oneReadingCount(),
    '057_page_hot_keys': pageHotKeys(),
  };
}
