import { Route, Switch } from "wouter";
import { CMS_SCREEN_PATTERN, CmsLayout } from "./layouts/cms-layout";
import { CmsAdReportsScreen } from "./routes/cms/ad-reports";
import { CmsAnnouncementsScreen } from "./routes/cms/announcements";
import { CmsAuditLogScreen } from "./routes/cms/audit-log";
import { CmsBackupsScreen } from "./routes/cms/backups";
import { CmsBuildReviewsScreen } from "./routes/cms/build-reviews";
import { CmsCategoriesScreen } from "./routes/cms/categories";
import { CmsCollectionsScreen } from "./routes/cms/collections";
import { CmsDashboardScreen } from "./routes/cms/dashboard";
import { CmsFeedScreen } from "./routes/cms/feed";
import { CmsFeedDuplicatesScreen } from "./routes/cms/feed-duplicates";
import { CmsFeedInboxScreen } from "./routes/cms/feed-inbox";
import { CmsFeedsScreen } from "./routes/cms/feeds";
import { CmsGameNumbersScreen } from "./routes/cms/game-numbers";
import { CmsGamesScreen } from "./routes/cms/games";
import { CmsJobsScreen } from "./routes/cms/jobs";
import { CmsLoginScreen } from "./routes/cms/login";
import { CmsReportsScreen } from "./routes/cms/reports";
import { CmsScoresScreen } from "./routes/cms/scores";
import { CmsSettingsScreen } from "./routes/cms/settings";
import { CmsSystemScreen } from "./routes/cms/system";
import { CmsTwoStepScreen } from "./routes/cms/two-step";
import { CmsUsersScreen } from "./routes/cms/users";
import { CmsWebsiteContentScreen } from "./routes/cms/website-content";
import { NotFoundScreen } from "./routes/not-found";

/**
 * Admin area: every path under /cms, no public header or footer. Moderators may open the reports queue only (D96);
 * the other screens are for admins, and CmsLayout keeps a moderator to theirs.
 */
export default function CmsRoutes() {
  return (
    <Switch>
      <Route path="/">
        <CmsLoginScreen />
      </Route>
      {/* Only the admin screens are guarded (D43); any other /cms path is not-found, signed in or not. */}
      <Route path={CMS_SCREEN_PATTERN}>
        <CmsLayout>
          <Switch>
            <Route path="/dashboard" component={CmsDashboardScreen} />
            <Route path="/games" component={CmsGamesScreen} />
            <Route path="/games/:id/numbers" component={CmsGameNumbersScreen} />
            <Route path="/build-reviews" component={CmsBuildReviewsScreen} />
            <Route path="/categories" component={CmsCategoriesScreen} />
            <Route path="/collections" component={CmsCollectionsScreen} />
            <Route path="/website-content" component={CmsWebsiteContentScreen} />
            <Route path="/users" component={CmsUsersScreen} />
            <Route path="/scores" component={CmsScoresScreen} />
            <Route path="/reports" component={CmsReportsScreen} />
            <Route path="/audit-log" component={CmsAuditLogScreen} />
            <Route path="/feeds" component={CmsFeedsScreen} />
            <Route path="/feeds/inbox" component={CmsFeedInboxScreen} />
            <Route path="/feeds/duplicates" component={CmsFeedDuplicatesScreen} />
            <Route path="/feeds/:id" component={CmsFeedScreen} />
            <Route path="/jobs" component={CmsJobsScreen} />
            <Route path="/system" component={CmsSystemScreen} />
            <Route path="/backups" component={CmsBackupsScreen} />
            <Route path="/announcements" component={CmsAnnouncementsScreen} />
            <Route path="/settings" component={CmsSettingsScreen} />
            <Route path="/ads" component={CmsAdReportsScreen} />
            <Route path="/two-step" component={CmsTwoStepScreen} />
          </Switch>
        </CmsLayout>
      </Route>
      <Route component={NotFoundScreen} />
    </Switch>
  );
}
