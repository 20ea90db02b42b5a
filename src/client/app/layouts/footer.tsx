import { AtSign, ExternalLink, Gamepad2, Loader2, MessageCircle, Rss, Send, TvMinimalPlay } from "lucide-react";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { subscribeToNewsletter } from "@/features/newsletter/api/subscribe";
import { errorMessage } from "@/lib/api-client";
import { openConsentSettings } from "@/lib/cookie-consent";
import { useContent } from "@/lib/site-content";
import { useConsentTool } from "./consent-runtime";

/** Spec §2 Footer: six category links. */
export const FOOTER_CATEGORIES = [
  { slug: "action", label: "Action" },
  { slug: "adventure", label: "Adventure" },
  { slug: "puzzle", label: "Puzzle" },
  { slug: "strategy", label: "Strategy" },
  { slug: "racing", label: "Racing" },
  { slug: "sports", label: "Sports" },
] as const;

const QUICK_LINKS = [
  { href: "/", label: "Home" },
  { href: "/games", label: "All Games" },
  { href: "/leaderboard", label: "Leaderboards" },
  { href: "/about", label: "About Us" },
  { href: "/contact", label: "Contact" },
  { href: "/help", label: "Help Center" },
] as const;

const LEGAL_LINKS = [
  { href: "/privacy-policy", label: "Privacy Policy" },
  { href: "/terms-of-service", label: "Terms of Service" },
  { href: "/cookie-policy", label: "Cookie Policy" },
  { href: "/responsible-gaming", label: "Responsible Gaming" },
  { href: "/advertise-with-us", label: "Advertise With Us" },
] as const;

/** Spec §2: social icons without links (not dead links: labelled images). */
const SOCIALS = [
  { label: "Arcadium on X", Icon: AtSign },
  { label: "Arcadium community chat", Icon: MessageCircle },
  { label: "Arcadium videos", Icon: TvMinimalPlay },
  { label: "Arcadium blog feed", Icon: Rss },
] as const;

/** External page explaining how the advertising partner uses data (spec §2 Footer). */
export const PARTNER_DATA_URL = "https://policies.google.com/technologies/partner-sites";

const linkClasses =
  "rounded text-sm text-muted-foreground transition-colors hover:text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring";

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-sm font-semibold tracking-wide">
        {title}
      </h2>
      <ul className="space-y-2">{children}</ul>
    </nav>
  );
}

function NewsletterForm() {
  const [email, setEmail] = useState("");
  // A call of its own rather than a TanStack mutation: the footer is on every page, useMutation's code is not (D73).
  const [pending, setPending] = useState(false);
  const id = useId();

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = email.trim();
    if (!value) return;
    setPending(true);
    subscribeToNewsletter(value).then(
      // D53
      () => {
        setPending(false);
        setEmail("");
        toast({ title: "Thanks for subscribing!" });
      },
      (err: unknown) => {
        setPending(false);
        toast({ title: errorMessage(err), variant: "destructive" });
      },
    );
  }

  return (
    <form onSubmit={submit} className="space-y-2" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-sm font-semibold tracking-wide">
        Newsletter
      </h2>
      <p className="text-sm text-muted-foreground">New games and weekly top players, straight to your inbox.</p>
      <label htmlFor={id} className="sr-only">
        Newsletter email address
      </label>
      <div className="flex gap-2 lg:flex-col">
        <Input
          id={id}
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="h-10"
        />
        <Button type="submit" variant="gradient" disabled={pending} className="shrink-0 lg:w-full">
          {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          Subscribe
        </Button>
      </div>
    </form>
  );
}

export function Footer() {
  const content = useContent();
  const siteName = content("site.name");
  const consentTool = useConsentTool();
  return (
    <footer className="mt-16 border-t bg-card/50">
      <div className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-12">
          <div className="space-y-4 lg:col-span-4">
            <Link
              href="/"
              className="inline-flex items-center gap-2 rounded-lg font-extrabold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-primary to-brand-2 text-white">
                <Gamepad2 className="size-4" aria-hidden="true" />
              </span>
              <span className="text-lg">{siteName}</span>
            </Link>
            <p className="max-w-sm text-sm leading-relaxed text-muted-foreground">{content("footer.about")}</p>
            <ul className="flex gap-2" aria-label="Social media">
              {SOCIALS.map(({ label, Icon }) => (
                <li key={label}>
                  <span
                    role="img"
                    aria-label={label}
                    title={label}
                    className="flex size-9 items-center justify-center rounded-full border text-muted-foreground"
                  >
                    <Icon className="size-4" aria-hidden="true" />
                  </span>
                </li>
              ))}
            </ul>
          </div>

          <div className="grid grid-cols-2 gap-8 sm:col-span-2 sm:grid-cols-3 lg:col-span-5">
            <FooterColumn title="Quick Links">
              {QUICK_LINKS.map((l) => (
                <li key={l.href}>
                  <Link href={l.href} className={linkClasses}>
                    {l.label}
                  </Link>
                </li>
              ))}
            </FooterColumn>
            <FooterColumn title="Categories">
              {FOOTER_CATEGORIES.map((c) => (
                <li key={c.slug}>
                  <Link href={`/category/${c.slug}`} className={linkClasses}>
                    {c.label}
                  </Link>
                </li>
              ))}
            </FooterColumn>
            <FooterColumn title="Legal">
              {LEGAL_LINKS.map((l) => (
                <li key={l.href}>
                  <Link href={l.href} className={linkClasses}>
                    {l.label}
                  </Link>
                </li>
              ))}
              <li>
                {/* D150: reopens the cookie choice (or the consent tool's own settings) */}
                <button
                  type="button"
                  aria-haspopup="dialog"
                  onClick={() =>
                    consentTool
                      ? void import("@/lib/consent-tool").then((m) => m.openConsentToolSettings())
                      : openConsentSettings()
                  }
                  className={`${linkClasses} text-left`}
                >
                  Cookie settings
                </button>
              </li>
              <li>
                <a
                  href={PARTNER_DATA_URL}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${linkClasses} inline-flex items-center gap-1`}
                >
                  How our ad partners use data
                  <ExternalLink className="size-3" aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </li>
            </FooterColumn>
          </div>

          <div className="sm:col-span-2 lg:col-span-3">
            <NewsletterForm />
          </div>
        </div>

        <div className="mt-10 flex flex-col items-center justify-between gap-2 border-t pt-6 text-sm text-muted-foreground sm:flex-row">
          {/* Spec §2: the copyright says 2025. */}
          <p>© 2025 Arcadium. All rights reserved.</p>
          <p>Made for players, by players.</p>
        </div>
      </div>
    </footer>
  );
}
