import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { lazyScreen } from "@/lib/lazy-component";
import { PublicLayout } from "./layouts/public-layout";

// D73: each screen is a chunk of its own; a page loads the shared layout and its own screen.
const HomeScreen = lazyScreen("home", () => import("./routes/home").then((m) => m.HomeScreen));
const AllGamesScreen = lazyScreen("all-games", () => import("./routes/all-games").then((m) => m.AllGamesScreen));
const GameDetailScreen = lazyScreen("game-detail", () =>
  import("./routes/game-detail").then((m) => m.GameDetailScreen),
);
const CategoryScreen = lazyScreen("category", () => import("./routes/category").then((m) => m.CategoryScreen));
const CollectionScreen = lazyScreen("collection", () => import("./routes/collection").then((m) => m.CollectionScreen));
const LeaderboardScreen = lazyScreen("leaderboard", () =>
  import("./routes/leaderboard").then((m) => m.LeaderboardScreen),
);
const ProfileScreen = lazyScreen("profile", () => import("./routes/profile").then((m) => m.ProfileScreen));
const PrivacyPolicyScreen = lazyScreen("privacy-policy", () =>
  import("./routes/privacy-policy").then((m) => m.PrivacyPolicyScreen),
);
const TermsOfServiceScreen = lazyScreen("terms-of-service", () =>
  import("./routes/terms-of-service").then((m) => m.TermsOfServiceScreen),
);
const CookiePolicyScreen = lazyScreen("cookie-policy", () =>
  import("./routes/cookie-policy").then((m) => m.CookiePolicyScreen),
);
const ResponsibleGamingScreen = lazyScreen("responsible-gaming", () =>
  import("./routes/responsible-gaming").then((m) => m.ResponsibleGamingScreen),
);
const AdvertiseWithUsScreen = lazyScreen("advertise-with-us", () =>
  import("./routes/advertise-with-us").then((m) => m.AdvertiseWithUsScreen),
);
const AboutScreen = lazyScreen("about", () => import("./routes/about").then((m) => m.AboutScreen));
const ContactScreen = lazyScreen("contact", () => import("./routes/contact").then((m) => m.ContactScreen));
const HelpScreen = lazyScreen("help", () => import("./routes/help").then((m) => m.HelpScreen));
const MyGamesScreen = lazyScreen("my-games", () => import("./routes/my-games").then((m) => m.MyGamesScreen));
// D88: one chunk for the list and the conversation (they share most of their code).
const MessagesScreen = lazyScreen("messages", () => import("./routes/messages").then((m) => m.MessagesScreen));
const LoginScreen = lazyScreen("login", () => import("./routes/login").then((m) => m.LoginScreen));
const FriendsScreen = lazyScreen("friends", () => import("./routes/friends").then((m) => m.FriendsScreen));
const NotificationsScreen = lazyScreen("notifications", () =>
  import("./routes/notifications").then((m) => m.NotificationsScreen),
);
const SettingsScreen = lazyScreen("settings", () => import("./routes/settings").then((m) => m.SettingsScreen));
const VerifyEmailScreen = lazyScreen("verify-email", () =>
  import("./routes/verify-email").then((m) => m.VerifyEmailScreen),
);
const UndoChangeScreen = lazyScreen("undo-change", () =>
  import("./routes/undo-change").then((m) => m.UndoChangeScreen),
);
const StudioScreen = lazyScreen("studio", () => import("./routes/studio").then((m) => m.StudioScreen));
// D134: the charts (uPlot) load with this screen only
const StudioGameNumbersScreen = lazyScreen("studio-numbers", () =>
  import("./routes/studio-numbers").then((m) => m.StudioGameNumbersScreen),
);
const NotFoundScreen = lazyScreen("not-found", () => import("./routes/not-found").then((m) => m.NotFoundScreen));

/** Public routes: the spec's route table plus /games/featured, /about, /contact, /help and /login (D51). */
function PublicRoutes() {
  return (
    <PublicLayout>
      {/* While a screen's chunk loads after a click, the page keeps its layout (a server-rendered page never
          shows this: its screen is loaded before hydration, lib/lazy-component.tsx). */}
      <Suspense fallback={<ScreenLoading />}>
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
          <Route path="/collection/:slug">{(p) => <CollectionScreen slug={p.slug} />}</Route>
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
          <Route path="/friends" component={FriendsScreen} />
          <Route path="/notifications" component={NotificationsScreen} />
          {/* D87: the player's settings (client-rendered, noindex). */}
          <Route path="/settings" component={SettingsScreen} />
          <Route path="/settings/verify-email" component={VerifyEmailScreen} />
          {/* D105: the undo link of the notice mailed after an email or password change. */}
          <Route path="/account/undo" component={UndoChangeScreen} />
          <Route path="/me/games" component={MyGamesScreen} />
          {/* D130: a creator's games and builds (client-rendered, noindex). */}
          <Route path="/studio" component={StudioScreen} />
          <Route path="/studio/games/:id/numbers" component={StudioGameNumbersScreen} />
          <Route path="/messages">
            <MessagesScreen />
          </Route>
          <Route path="/messages/:userId">{(p) => <MessagesScreen userId={p.userId} />}</Route>
          <Route component={NotFoundScreen} />
        </Switch>
      </Suspense>
    </PublicLayout>
  );
}

function ScreenLoading() {
  return <div role="status" aria-label="Loading" className="min-h-[60vh]" />;
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
