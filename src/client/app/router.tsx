import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { PublicLayout } from "./layouts/public-layout";
import { AboutScreen } from "./routes/about";
import { AdvertiseWithUsScreen } from "./routes/advertise-with-us";
import { AllGamesScreen } from "./routes/all-games";
import { CategoryScreen } from "./routes/category";
import { ContactScreen } from "./routes/contact";
import { CookiePolicyScreen } from "./routes/cookie-policy";
import { GameDetailScreen } from "./routes/game-detail";
import { HelpScreen } from "./routes/help";
import { HomeScreen } from "./routes/home";
import { LeaderboardScreen } from "./routes/leaderboard";
import { LoginScreen } from "./routes/login";
import { ProfileScreen } from "./routes/profile";
import { NotFoundScreen } from "./routes/not-found";
import { PrivacyPolicyScreen } from "./routes/privacy-policy";
import { ResponsibleGamingScreen } from "./routes/responsible-gaming";
import { TermsOfServiceScreen } from "./routes/terms-of-service";

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

/**
 * The admin area is its own chunk: players never download it (the client was one ~560 kB chunk).
 * While it loads, the screen stays blank apart from a polite status for screen readers.
 */
const CmsRoutes = lazy(() => import("./cms-routes"));

function CmsLoading() {
  return (
    <div role="status" className="flex min-h-screen items-center justify-center text-sm text-muted-foreground">
      Loading…
    </div>
  );
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/cms" nest>
        <Suspense fallback={<CmsLoading />}>
          <CmsRoutes />
        </Suspense>
      </Route>
      <Route>
        <PublicRoutes />
      </Route>
    </Switch>
  );
}
