import { Route, Switch } from "wouter";
import { CmsLayout } from "./layouts/cms-layout";
import { PublicLayout } from "./layouts/public-layout";
import { AllGamesScreen } from "./routes/all-games";
import { CategoryScreen } from "./routes/category";
import { CmsCategoriesScreen } from "./routes/cms/categories";
import { CmsDashboardScreen } from "./routes/cms/dashboard";
import { CmsGamesScreen } from "./routes/cms/games";
import { CmsLoginScreen } from "./routes/cms/login";
import { CmsSettingsScreen } from "./routes/cms/settings";
import { CmsUsersScreen } from "./routes/cms/users";
import { CmsWebsiteContentScreen } from "./routes/cms/website-content";
import { GameDetailScreen } from "./routes/game-detail";
import { HomeScreen } from "./routes/home";
import { LeaderboardScreen } from "./routes/leaderboard";
import { LoginScreen } from "./routes/login";
import { ProfileScreen } from "./routes/profile";
import { NotFoundScreen } from "./routes/not-found";
import {
  AboutScreen,
  AdvertiseWithUsScreen,
  ContactScreen,
  CookiePolicyScreen,
  HelpScreen,
  PrivacyPolicyScreen,
  ResponsibleGamingScreen,
  TermsOfServiceScreen,
} from "./routes/static-pages";

/** Admin area (spec §2): every path under /cms, no public header or footer. D47: users and settings exist. */
function CmsRoutes() {
  return (
    <Switch>
      <Route path="/">
        <CmsLoginScreen />
      </Route>
      {/* Only the admin screens are guarded (D43); any other /cms path is not-found (spec §2), signed in or not. */}
      <Route path={/^\/(?:dashboard|games|categories|website-content|users|settings)\/?$/}>
        <CmsLayout>
          <Switch>
            <Route path="/dashboard" component={CmsDashboardScreen} />
            <Route path="/games" component={CmsGamesScreen} />
            <Route path="/categories" component={CmsCategoriesScreen} />
            <Route path="/website-content" component={CmsWebsiteContentScreen} />
            <Route path="/users" component={CmsUsersScreen} />
            <Route path="/settings" component={CmsSettingsScreen} />
          </Switch>
        </CmsLayout>
      </Route>
      <Route component={NotFoundScreen} />
    </Switch>
  );
}

/** Public routes: the spec's route table plus D50 (/games/featured) and D51 (/about, /contact, /help, /login). */
function PublicRoutes() {
  return (
    <PublicLayout>
      <Switch>
        <Route path="/" component={HomeScreen} />
        <Route path="/games">
          <AllGamesScreen />
        </Route>
        <Route path="/games/featured">
          <AllGamesScreen featured />
        </Route>
        <Route path="/game/:id">{(p) => <GameDetailScreen id={p.id} />}</Route>
        <Route path="/category/:slug">{(p) => <CategoryScreen slug={p.slug} />}</Route>
        <Route path="/leaderboard" component={LeaderboardScreen} />
        <Route path="/profile/:id">{(p) => <ProfileScreen id={p.id} />}</Route>
        <Route path="/privacy-policy" component={PrivacyPolicyScreen} />
        <Route path="/terms-of-service" component={TermsOfServiceScreen} />
        <Route path="/cookie-policy" component={CookiePolicyScreen} />
        <Route path="/responsible-gaming" component={ResponsibleGamingScreen} />
        <Route path="/advertise-with-us" component={AdvertiseWithUsScreen} />
        <Route path="/about" component={AboutScreen} />
        <Route path="/contact" component={ContactScreen} />
        <Route path="/help" component={HelpScreen} />
        <Route path="/login" component={LoginScreen} />
        <Route component={NotFoundScreen} />
      </Switch>
    </PublicLayout>
  );
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/cms" nest>
        <CmsRoutes />
      </Route>
      <Route>
        <PublicRoutes />
      </Route>
    </Switch>
  );
}
