import { LogIn, Trophy, User } from "lucide-react";
import { useSearch } from "wouter";
import { Container } from "@/components/container";
import { PageTitle } from "@/components/page-title";
import { Card, CardContent } from "@/components/ui/card";
import { PageHeader } from "./page-header";

/** Minimal screens completed by later issues. */

export function LeaderboardScreen() {
  return (
    <>
      <PageTitle title="Leaderboard" />
      <PageHeader title="Leaderboard" icon={<Trophy />} description="The best players on Arcadium." />
    </>
  );
}

export function ProfileScreen({ id }: { id: string }) {
  return (
    <>
      <PageTitle title="Player Profile" />
      <PageHeader title="Player Profile" icon={<User />} description={`Player #${id}`} />
    </>
  );
}

/** D10: /login with Sign In and Register tabs (the forms come with the auth issue). */
export function LoginScreen() {
  const search = useSearch();
  const params = new URLSearchParams(search);
  const register = params.get("tab") === "register";
  return (
    <>
      <PageTitle title="Sign In" />
      <Container className="flex justify-center py-16">
        <Card className="w-full max-w-md">
          <CardContent className="space-y-2 pt-6 text-center">
            <span className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br from-primary to-brand-2 text-white">
              <LogIn className="size-6" aria-hidden="true" />
            </span>
            <h1 className="text-2xl font-bold">{register ? "Create your account" : "Sign In"}</h1>
            <p className="text-sm text-muted-foreground">Sign in to save your scores, write reviews and chat.</p>
          </CardContent>
        </Card>
      </Container>
    </>
  );
}
