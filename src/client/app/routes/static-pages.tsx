import {
  Ban,
  BarChart3,
  Bot,
  Clock,
  Cookie,
  FileText,
  Flag,
  Gamepad2,
  HandHeart,
  HelpCircle,
  Info,
  LifeBuoy,
  Mail,
  Megaphone,
  MessageSquare,
  Shield,
  ShieldCheck,
  Sparkles,
  Target,
  Trophy,
  UserRound,
  Users,
  Zap,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Container } from "@/components/container";
import { PageTitle } from "@/components/page-title";
import { SafeHtml } from "@/components/safe-html";
import { buttonClasses, type ButtonSize, type ButtonVariant } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { AdvertiseForm } from "@/features/forms/components/advertise-form";
import { ContactForm } from "@/features/forms/components/contact-form";
import { useContentEntry } from "@/lib/content-items";
import { useContent } from "@/lib/site-content";
import { cn } from "@/lib/utils";
import { PageHeader } from "./page-header";

/** Spec §2 Static pages: every policy is 'Last updated: May 15, 2025'. */
export const POLICY_LAST_UPDATED = "Last updated: May 15, 2025";
/** Spec §2 / §9: the minimum age and the notice period for material changes to the Terms. */
export const MINIMUM_AGE = 13;
export const TERMS_NOTICE_DAYS = 30;

/**
 * D40: website content keys for the static pages' bodies. When the site has one, it replaces the
 * built-in text below (html values sanitised with DOMPurify, text values as paragraphs).
 */
export const STATIC_PAGE_CONTENT_KEYS = {
  privacy: "pages.privacy_policy",
  terms: "pages.terms_of_service",
  cookies: "pages.cookie_policy",
  responsibleGaming: "pages.responsible_gaming",
  about: "pages.about",
  help: "pages.help",
} as const;

const proseClasses =
  "max-w-3xl space-y-4 leading-relaxed text-foreground/90 " +
  "[&_h2]:mt-10 [&_h2]:scroll-mt-24 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-foreground " +
  "[&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-foreground " +
  "[&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-6 [&_li]:pl-1 " +
  "[&_a]:font-medium [&_a]:text-primary dark:[&_a]:text-violet-300 [&_a]:underline-offset-4 hover:[&_a]:underline [&_strong]:font-semibold [&_strong]:text-foreground";

function Prose({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn(proseClasses, className)}>{children}</div>;
}

function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return <Link href={href}>{children}</Link>;
}

function BodySkeleton() {
  return (
    <div className="max-w-3xl space-y-3" aria-hidden="true" data-testid="page-body-skeleton">
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-11/12" />
      <Skeleton className="h-4 w-4/5" />
      <Skeleton className="mt-8 h-6 w-1/3" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-3/4" />
    </div>
  );
}

/**
 * The body of a static page: the site's own content when it has the key (D40), else the built-in
 * default. Plain text is split into paragraphs at blank lines.
 */
function ContentBody({ contentKey, children }: { contentKey: string; children: ReactNode }) {
  const entry = useContentEntry(contentKey);
  if (entry === undefined) return <BodySkeleton />;
  if (entry === null) return <>{children}</>;
  if (entry.valueType === "html") return <SafeHtml html={entry.value} className={proseClasses} />;
  return (
    <Prose>
      {entry.value
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          <p key={i} className="whitespace-pre-line">
            {p}
          </p>
        ))}
    </Prose>
  );
}

type Section = { id: string; title: string; body: ReactNode };

/** A policy: intro, sections and an 'On this page' list at desktop widths. */
function PolicyDocument({ intro, sections }: { intro: ReactNode; sections: Section[] }) {
  return (
    <div className="grid grid-cols-1 gap-10 lg:grid-cols-[14rem_minmax(0,1fr)] xl:gap-14">
      <nav aria-label="On this page" className="hidden lg:block">
        <div className="sticky top-24">
          <p className="mb-3 text-xs font-semibold uppercase tracking-wider text-muted-foreground">On this page</p>
          <ol className="space-y-1 border-l text-sm">
            {sections.map((s) => (
              <li key={s.id}>
                <a
                  href={`#${s.id}`}
                  className="-ml-px block border-l border-transparent py-1 pl-3 text-muted-foreground transition-colors hover:border-primary hover:text-foreground focus-visible:border-primary focus-visible:text-foreground focus-visible:outline-none"
                >
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </div>
      </nav>
      <Prose>
        <div className="space-y-4 text-lg text-foreground">{intro}</div>
        {sections.map((s) => (
          <section key={s.id} aria-labelledby={s.id} className="space-y-4">
            <h2 id={s.id}>{s.title}</h2>
            {s.body}
          </section>
        ))}
      </Prose>
    </div>
  );
}

type PolicyText = { intro: ReactNode; sections: Section[] };
/** A policy page; `text` gives its built-in text for the site's name (D40 'site.name'). */
type Policy = { title: string; icon: ReactNode; contentKey: string; text: (name: string) => PolicyText };

/** A policy page: header, 'Last updated' line and the site's content or the built-in text. */
function PolicyPage({ title, icon, contentKey, text }: Policy) {
  const { intro, sections } = text(useContent()("site.name"));
  return (
    <>
      <PageTitle title={title} description={`${title} of Arcadium. ${POLICY_LAST_UPDATED}.`} />
      <PageHeader title={title} icon={icon} description={<p>{POLICY_LAST_UPDATED}</p>} />
      <Container className="py-10 sm:py-12">
        <ContentBody contentKey={contentKey}>
          <PolicyDocument intro={intro} sections={sections} />
        </ContentBody>
      </Container>
    </>
  );
}

/** The policy screens (router.tsx); their texts follow. */
export const PrivacyPolicyScreen = () => <PolicyPage {...PRIVACY_POLICY} />;
export const TermsOfServiceScreen = () => <PolicyPage {...TERMS_OF_SERVICE} />;
export const CookiePolicyScreen = () => <PolicyPage {...COOKIE_POLICY} />;
export const ResponsibleGamingScreen = () => <PolicyPage {...RESPONSIBLE_GAMING} />;

// ---------------------------------------------------------------------------------------------
// Privacy Policy
// ---------------------------------------------------------------------------------------------

const PRIVACY_POLICY: Policy = {
  title: "Privacy Policy",
  icon: <Shield />,
  contentKey: STATIC_PAGE_CONTENT_KEYS.privacy,
  text: (name) => ({
    intro: (
      <p>
        This policy explains what {name} collects when you play, chat and compete on this site, why we collect it, who can see it and
        the choices you have. We collect as little as we can to run the site and we never sell your personal information.
      </p>
    ),
    sections: [
      {
        id: "what-we-collect",
        title: "Information we collect",
        body: (
          <>
            <ul>
              <li>
                <strong>Account information:</strong> your username, your password (stored only as a salted, one-way hash that we
                cannot read) and, if you choose to give it, an email address. If you sign in with Google we receive your Google account
                identifier, your name and your profile picture.
              </li>
              <li>
                <strong>What you create:</strong> reviews and star ratings, chat messages and your public profile.
              </li>
              <li>
                <strong>Gameplay:</strong> which games you play, when, your scores, wins and the achievements they unlock.
              </li>
              <li>
                <strong>Messages to us:</strong> what you send through the contact and advertising forms, and your email address if
                you subscribe to the newsletter.
              </li>
              <li>
                <strong>Technical information:</strong> your IP address, browser type and the pages you request, which our servers
                record to keep the site secure (for example to stop password guessing and spam).
              </li>
            </ul>
            <p>We do not ask for your real name, date of birth, address or payment details, and you should not post them in chat.</p>
          </>
        ),
      },
      {
        id: "how-we-use-it",
        title: "How we use it",
        body: (
          <ul>
            <li>to create and run your account and keep you signed in;</li>
            <li>to save your scores, build the leaderboards and show your profile and achievements;</li>
            <li>to publish your reviews and chat messages;</li>
            <li>to answer your messages and advertising enquiries;</li>
            <li>to keep the community safe: moderating chat, preventing cheating, abuse and attacks on the service;</li>
            <li>to understand which games people enjoy and improve the site, using aggregated figures wherever possible.</li>
          </ul>
        ),
      },
      {
        id: "what-is-public",
        title: "What other players can see",
        body: (
          <p>
            Your username, avatar, the date you joined, your scores, leaderboard positions, achievements, reviews and chat messages are
            public. Your email address, password and sign-in details are never shown to other players.
          </p>
        ),
      },
      {
        id: "sharing",
        title: "Sharing your information",
        body: (
          <>
            <p>We do not sell or rent your personal information. We share it only:</p>
            <ul>
              <li>with service providers who run parts of the site for us (hosting, email delivery), under confidentiality obligations;</li>
              <li>
                with advertising and analytics partners, only if you choose &lsquo;Accept All&rsquo; in the cookie notice (see the{" "}
                <TextLink href="/cookie-policy">Cookie Policy</TextLink>);
              </li>
              <li>when the law requires it, or to protect players and the service from harm or fraud.</li>
            </ul>
          </>
        ),
      },
      {
        id: "games",
        title: "Games on this site",
        body: (
          <p>
            Games run in a separate, sandboxed frame on their own web address, so they cannot read your account or your cookies on
            this site. A game receives only what it needs to report your score. Some games are hosted by their developers; when you play
            one, that developer&rsquo;s own privacy policy also applies.
          </p>
        ),
      },
      {
        id: "retention",
        title: "How long we keep it",
        body: (
          <ul>
            <li>Account information, scores, reviews and chat messages: for as long as your account exists.</li>
            <li>Sign-in sessions: up to 30 days, or 7 days without activity.</li>
            <li>Security logs: a short period, normally no more than 90 days.</li>
            <li>Contact and advertising messages: as long as needed to deal with them, and no more than two years.</li>
          </ul>
        ),
      },
      {
        id: "security",
        title: "Security",
        body: (
          <p>
            Passwords are hashed with a slow, salted algorithm, sign-in sessions are stored only as a fingerprint and sign-in attempts
            are rate limited. No service is perfectly secure; please use a password you do not use anywhere else.
          </p>
        ),
      },
      {
        id: "your-rights",
        title: "Your rights and choices",
        body: (
          <p>
            You can ask us for a copy of your information, to correct it, or to delete your account and the information linked to it. You
            may also object to or restrict some uses, and withdraw consent to optional cookies at any time. Send requests through our{" "}
            <TextLink href="/contact">Contact</TextLink> page; we answer within 30 days. You can also complain to your local data
            protection authority.
          </p>
        ),
      },
      {
        id: "children",
        title: "Children",
        body: (
          <p>
            {name} is not directed at children. You must be at least {MINIMUM_AGE} years old to create an account. If we learn that an
            account belongs to someone under {MINIMUM_AGE}, we delete it. Parents who believe their child has an account can contact us.
          </p>
        ),
      },
      {
        id: "changes",
        title: "Changes to this policy",
        body: (
          <p>
            We will post any change on this page and update the date above. For material changes we will give at least{" "}
            {TERMS_NOTICE_DAYS} days&rsquo; notice on the site (and by email if you gave us an address) before they take effect.
          </p>
        ),
      },
      {
        id: "contact",
        title: "Contact us",
        body: (
          <p>
            Questions about privacy? Write to us through the <TextLink href="/contact">Contact</TextLink> page.
          </p>
        ),
      },
    ],
  }),
};

// ---------------------------------------------------------------------------------------------
// Terms of Service
// ---------------------------------------------------------------------------------------------

const TERMS_OF_SERVICE: Policy = {
  title: "Terms of Service",
  icon: <FileText />,
  contentKey: STATIC_PAGE_CONTENT_KEYS.terms,
  text: (name) => ({
    intro: (
      <p>
        These Terms are the agreement between you and {name} for using this website, its games, chat, leaderboards and reviews. By using
        the site you agree to them; if you do not agree, please do not use it.
      </p>
    ),
    sections: [
      {
        id: "eligibility",
        title: "Who can use " + name,
        body: (
          <p>
            You must be at least {MINIMUM_AGE} years old to use {name} and to create an account. If you are under the age of majority
            where you live, your parent or guardian must agree to these Terms for you.
          </p>
        ),
      },
      {
        id: "account",
        title: "Your account",
        body: (
          <ul>
            <li>Give accurate information and keep your password to yourself; one account per person.</li>
            <li>You are responsible for everything done with your account. Tell us straight away if you think someone else has used it.</li>
            <li>Usernames must not impersonate others or be offensive. We may ask you to change a username or change it ourselves.</li>
          </ul>
        ),
      },
      {
        id: "community-rules",
        title: "Community rules",
        body: (
          <>
            <p>To keep {name} fun for everyone, you agree not to:</p>
            <ul>
              <li>harass, threaten, bully or discriminate against other players;</li>
              <li>post hateful, sexual, violent or illegal content, spam or advertising in chat, reviews or your profile;</li>
              <li>share other people&rsquo;s personal information;</li>
              <li>cheat: use bots, scripts, modified games or bugs to gain scores, or manipulate ratings and reviews;</li>
              <li>attack, overload, probe or reverse engineer the service, or get around its limits and security.</li>
            </ul>
            <p>
              The <TextLink href="/help#chat-rules">chat rules</TextLink> in our Help Center explain these rules in more detail.
            </p>
          </>
        ),
      },
      {
        id: "your-content",
        title: "Your content",
        body: (
          <p>
            You keep ownership of the reviews and messages you post. You give {name} a worldwide, non-exclusive, royalty-free licence to
            host, display and distribute them on the site for as long as they are there. We may remove content that breaks these Terms.
          </p>
        ),
      },
      {
        id: "games-and-scores",
        title: "Games, scores and leaderboards",
        body: (
          <p>
            Games are provided for entertainment, free of charge, and some are made by independent developers. Scores, ranks and
            achievements have no monetary value and cannot be exchanged for prizes. We may remove scores that look manipulated and
            reset leaderboards.
          </p>
        ),
      },
      {
        id: "intellectual-property",
        title: "Our content",
        body: (
          <p>
            The site, its design and its games belong to {name} or to their developers and are protected by law. You may play and share
            links to them, but not copy, resell or republish them without permission.
          </p>
        ),
      },
      {
        id: "advertising",
        title: "Advertising",
        body: (
          <p>
            The site may show advertising, which follows our advertising policy on the{" "}
            <TextLink href="/advertise-with-us">Advertise With Us</TextLink> page. We are not responsible for the products or sites of
            advertisers.
          </p>
        ),
      },
      {
        id: "disclaimers",
        title: "Disclaimers and liability",
        body: (
          <p>
            The service is provided &lsquo;as is&rsquo;, without warranties; games may change, break or be removed. To the extent the
            law allows, {name} is not liable for indirect or consequential losses, or for lost scores or data. Nothing in these Terms
            limits rights you have as a consumer that cannot be limited by agreement.
          </p>
        ),
      },
      {
        id: "termination",
        title: "Suspension and closing your account",
        body: (
          <p>
            You can stop using {name} at any time and ask us to delete your account. We may suspend or close accounts that break these
            Terms, and we will tell you why unless the law or safety prevents it.
          </p>
        ),
      },
      {
        id: "changes",
        title: "Changes to these Terms",
        body: (
          <p>
            We may update these Terms as the site evolves. We will give you at least {TERMS_NOTICE_DAYS} days&rsquo; notice before any
            material change to these Terms takes effect, on the site and by email if you gave us an address. If you keep using {name}{" "}
            after a change takes effect, you accept the new Terms.
          </p>
        ),
      },
      {
        id: "contact",
        title: "Contact us",
        body: (
          <p>
            Questions about these Terms? Write to us through the <TextLink href="/contact">Contact</TextLink> page.
          </p>
        ),
      },
    ],
  }),
};

// ---------------------------------------------------------------------------------------------
// Cookie Policy
// ---------------------------------------------------------------------------------------------

const STORAGE_ROWS: Array<{ name: string; kind: string; purpose: string; lasts: string }> = [
  { name: "sid", kind: "Cookie (essential)", purpose: "Keeps you signed in; only a fingerprint of it is stored on our servers.", lasts: "Up to 30 days" },
  { name: "oidc_tx", kind: "Cookie (essential)", purpose: "Protects a Google sign-in while it is in progress.", lasts: "10 minutes" },
  { name: "cookieConsent", kind: "Local storage (essential)", purpose: "Remembers your choice in the cookie notice.", lasts: "Until you clear it" },
  { name: "arcadium-theme", kind: "Local storage (essential)", purpose: "Remembers the light, dark or system theme.", lasts: "Until you clear it" },
];

const COOKIE_POLICY: Policy = {
  title: "Cookie Policy",
  icon: <Cookie />,
  contentKey: STATIC_PAGE_CONTENT_KEYS.cookies,
  text: (name) => ({
    intro: (
      <p>
        Cookies are small files a website stores in your browser; local storage is a similar browser feature. This policy explains which
        ones {name} uses and how you can control them.
      </p>
    ),
    sections: [
      {
        id: "essential",
        title: "Essential cookies and storage",
        body: (
          <>
            <p>These are needed for the site to work and are always on. They are not used to track you across other sites.</p>
            <dl className="grid gap-3 sm:hidden">
              {STORAGE_ROWS.map((r) => (
                <div key={r.name} className="rounded-xl border bg-card p-4 text-sm">
                  <dt className="font-mono text-xs font-semibold text-foreground">{r.name}</dt>
                  <dd className="mt-1 text-muted-foreground">
                    {r.kind} · {r.lasts}
                  </dd>
                  <dd className="mt-2">{r.purpose}</dd>
                </div>
              ))}
            </dl>
            <div className="hidden overflow-x-auto rounded-xl border sm:block">
              <table className="w-full min-w-[36rem] text-left text-sm">
                <caption className="sr-only">Essential cookies and storage used by {name}</caption>
                <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-4 py-2.5 font-semibold">Name</th>
                    <th scope="col" className="px-4 py-2.5 font-semibold">Type</th>
                    <th scope="col" className="px-4 py-2.5 font-semibold">Purpose</th>
                    <th scope="col" className="px-4 py-2.5 font-semibold">Lasts</th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {STORAGE_ROWS.map((r) => (
                    <tr key={r.name}>
                      <td className="px-4 py-3 font-mono text-xs font-semibold text-foreground">{r.name}</td>
                      <td className="px-4 py-3">{r.kind}</td>
                      <td className="px-4 py-3">{r.purpose}</td>
                      <td className="whitespace-nowrap px-4 py-3">{r.lasts}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ),
      },
      {
        id: "optional",
        title: "Optional analytics and advertising cookies",
        body: (
          <p>
            Only if you choose &lsquo;Accept All&rsquo;, we and our partners may use cookies to measure how the site is used and to show
            advertising that is more relevant to you. With &lsquo;Essential Only&rsquo;, these cookies are not set.
          </p>
        ),
      },
      {
        id: "games",
        title: "Cookies in games",
        body: (
          <p>
            Games run on a separate web address and may use their own storage, for example to remember your progress or settings in that
            game. They cannot read the cookies of this site.
          </p>
        ),
      },
      {
        id: "your-choices",
        title: "Your choices",
        body: (
          <ul>
            <li>Choose &lsquo;Accept All&rsquo; or &lsquo;Essential Only&rsquo; in the cookie notice shown on your first visit.</li>
            <li>
              To change your mind, clear this site&rsquo;s data in your browser settings; the notice appears again on your next visit.
            </li>
            <li>Most browsers also let you block cookies altogether, though you will not be able to stay signed in.</li>
          </ul>
        ),
      },
      {
        id: "changes",
        title: "Changes to this policy",
        body: (
          <p>
            We will update this page and the date above when we change the cookies we use. Questions? Use our{" "}
            <TextLink href="/contact">Contact</TextLink> page.
          </p>
        ),
      },
    ],
  }),
};

// ---------------------------------------------------------------------------------------------
// Responsible Gaming
// ---------------------------------------------------------------------------------------------

const RESPONSIBLE_GAMING: Policy = {
  title: "Responsible Gaming",
  icon: <HandHeart />,
  contentKey: STATIC_PAGE_CONTENT_KEYS.responsibleGaming,
  text: (name) => ({
    intro: (
      <p>
        Games should be fun. {name} is free to play and there is nothing to buy: no real-money betting, no paid loot boxes and no
        prizes for scores. Still, any hobby can take up more time than it should, so here is how to keep gaming healthy.
      </p>
    ),
    sections: [
      {
        id: "healthy-habits",
        title: "Healthy gaming habits",
        body: (
          <ul>
            <li>Decide how long you will play before you start, and use a timer or alarm.</li>
            <li>Take a break of at least 10 minutes every hour: stand up, stretch, drink some water.</li>
            <li>Rest your eyes: every 20 minutes, look at something 20 feet (6 m) away for 20 seconds.</li>
            <li>Do not let games replace sleep, school, work, exercise or time with friends and family.</li>
            <li>Play because you enjoy it, not to escape stress or a bad mood. If a game makes you angry, stop and come back later.</li>
          </ul>
        ),
      },
      {
        id: "warning-signs",
        title: "Signs that gaming may be a problem",
        body: (
          <ul>
            <li>you often play much longer than you meant to, or cannot stop when you want to;</li>
            <li>you feel restless or irritable when you cannot play;</li>
            <li>you lie about how much you play, or skip sleep, meals, school or work to play;</li>
            <li>gaming causes arguments or leaves you with less time for people and things you used to enjoy.</li>
          </ul>
        ),
      },
      {
        id: "parents",
        title: "For parents and guardians",
        body: (
          <>
            <p>
              {name} is for players aged {MINIMUM_AGE} and over. Children younger than {MINIMUM_AGE} may not create an account.
            </p>
            <ul>
              <li>Talk with your teenager about the games they play and agree on time limits together.</li>
              <li>Use the screen time and parental controls built into phones, tablets, computers and browsers.</li>
              <li>Remind them never to share personal details in chat and to tell you about anything that upsets them.</li>
              <li>Play together sometimes: it is the easiest way to see what a game is like.</li>
            </ul>
          </>
        ),
      },
      {
        id: "safety",
        title: "Staying safe in chat",
        body: (
          <p>
            Never share your real name, address, school, phone number or passwords. Players who harass others break our{" "}
            <TextLink href="/terms-of-service">Terms of Service</TextLink>; report them through the{" "}
            <TextLink href="/contact">Contact</TextLink> page so that our moderators can act.
          </p>
        ),
      },
      {
        id: "advertising",
        title: "Advertising",
        body: (
          <p>
            We do not accept advertising for gambling, alcohol or tobacco. See our{" "}
            <TextLink href="/advertise-with-us">advertising policy</TextLink>.
          </p>
        ),
      },
      {
        id: "getting-help",
        title: "Getting help",
        body: (
          <p>
            If you are worried about your own gaming or someone else&rsquo;s, talk to someone you trust, or to a doctor or counsellor, who
            can point you to local support. If anyone is in immediate danger, call your local emergency number.
          </p>
        ),
      },
    ],
  }),
};

// ---------------------------------------------------------------------------------------------
// Info pages (Advertise, About, Contact, Help): shared parts
// ---------------------------------------------------------------------------------------------

/** A section of an info page under its h2, e.g. 'Our audience' on Advertise With Us. */
function TitledSection({ id, title, spacing = "mb-5", children }: { id: string; title: string; spacing?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={`${spacing} text-2xl font-bold tracking-tight`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

type IconCardProps = { icon: ReactNode; className?: string; layout: string; badge: string; bodyClassName?: string; children: ReactNode };
/** A card with an icon badge and its text; `layout` places the badge beside or above the text. */
function IconCard({ icon, className, layout, badge, bodyClassName, children }: IconCardProps) {
  return (
    <Card className={className}>
      <div className={layout}>
        <span className={badge} aria-hidden="true">
          {icon}
        </span>
        <div className={bodyClassName}>{children}</div>
      </div>
    </Card>
  );
}

function ContactUsLink({ variant, size }: { variant: ButtonVariant; size: ButtonSize }) {
  return (
    <Link href="/contact" className={buttonClasses(variant, size)}>
      <Mail aria-hidden="true" />
      Contact Us
    </Link>
  );
}

// ---------------------------------------------------------------------------------------------
// Advertise With Us
// ---------------------------------------------------------------------------------------------

/** Spec §2 / §9: the audience stats. */
export const AUDIENCE_STATS = [
  { value: "1M+", label: "Monthly Users", icon: <Users /> },
  { value: "5M+", label: "Games Played Monthly", icon: <Gamepad2 /> },
  { value: "18-34", label: "Core Age Group", icon: <Target /> },
  { value: "12min", label: "Average Session", icon: <Clock /> },
];

/** Spec §2: the ad policy list (bans gambling, alcohol and tobacco ads). */
export const AD_POLICY = [
  "No gambling, betting or casino advertising",
  "No alcohol advertising",
  "No tobacco, e-cigarette or vaping advertising",
  "No adult, violent or hateful content",
  "No misleading claims, fake buttons, pop-ups or automatic redirects",
  `Every ad must be suitable for players aged ${MINIMUM_AGE} and over and clearly marked as advertising`,
];

const AD_FORMATS = [
  { title: "Display placements", text: "Banner and sidebar placements around game pages, categories and leaderboards.", icon: <BarChart3 /> },
  { title: "Sponsored games", text: "Feature your game on the home page carousel and in its category.", icon: <Sparkles /> },
  { title: "Brand partnerships", text: "Themed tournaments, custom leaderboards and branded games made with our team.", icon: <Trophy /> },
];

export function AdvertiseWithUsScreen() {
  const name = useContent()("site.name");
  return (
    <>
      <PageTitle title="Advertise With Us" description={`Reach an engaged audience of players on ${name}.`} />
      <PageHeader
        title="Advertise With Us"
        icon={<Megaphone />}
        description={<p>Reach an engaged, brand-safe audience of players who come back every week.</p>}
      />
      <Container className="space-y-14 py-10 sm:py-12">
        <TitledSection id="audience" title="Our audience">
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {AUDIENCE_STATS.map((s) => (
              <li key={s.label}>
                <IconCard
                  icon={s.icon}
                  className="h-full"
                  layout="flex flex-col gap-3 p-4 sm:p-5"
                  badge="flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary [&_svg]:size-5"
                >
                  <p className="text-2xl font-extrabold tracking-tight text-foreground sm:text-3xl">{s.value}</p>
                  <p className="text-sm text-muted-foreground">{s.label}</p>
                </IconCard>
              </li>
            ))}
          </ul>
        </TitledSection>

        <div className="grid grid-cols-1 gap-10 lg:grid-cols-5 lg:gap-12">
          <div className="space-y-10 lg:col-span-2">
            <TitledSection id="formats" title="Ways to advertise" spacing="mb-4">
              <ul className="space-y-4">
                {AD_FORMATS.map((f) => (
                  <li key={f.title} className="flex gap-3">
                    <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-primary to-brand-2 text-white [&_svg]:size-4" aria-hidden="true">
                      {f.icon}
                    </span>
                    <div>
                      <h3 className="font-semibold">{f.title}</h3>
                      <p className="text-sm text-muted-foreground">{f.text}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </TitledSection>
            <TitledSection id="ad-policy" title="Advertising policy" spacing="mb-2">
              <p className="mb-4 text-sm text-muted-foreground">
                Every campaign is reviewed before it runs. To keep {name} safe and welcoming for every player:
              </p>
              <ul className="space-y-2.5">
                {AD_POLICY.map((rule, i) => (
                  <li key={rule} className="flex items-start gap-2.5 text-sm">
                    {i < AD_POLICY.length - 1 ? (
                      <Ban className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
                    ) : (
                      <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    )}
                    <span>{rule}</span>
                  </li>
                ))}
              </ul>
            </TitledSection>
          </div>

          <section aria-labelledby="inquiry" className="lg:col-span-3">
            <Card>
              <CardHeader>
                <CardTitle id="inquiry" className="text-xl">
                  Advertising Inquiry
                </CardTitle>
                <CardDescription>Tell us about your campaign and our team will get back to you.</CardDescription>
              </CardHeader>
              <CardContent>
                <AdvertiseForm />
              </CardContent>
            </Card>
          </section>
        </div>
      </Container>
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// About, Contact, Help (D51)
// ---------------------------------------------------------------------------------------------

const ABOUT_FEATURES = [
  { title: "Play instantly", text: "HTML5 games that run in your browser on desktop, tablet and phone. No downloads, no installs.", icon: <Zap /> },
  { title: "AI opponents", text: "Some games pit you against a computer opponent that plays back, for a real challenge on your own.", icon: <Bot /> },
  { title: "Compete", text: "Every score counts: weekly and all-time leaderboards, personal bests and achievements.", icon: <Trophy /> },
  { title: "Chat", text: "A live public chat to talk tactics, share a high score or find a rival.", icon: <MessageSquare /> },
  { title: "Rate and review", text: "Tell other players what you think; the stars on every game come from your reviews.", icon: <Sparkles /> },
  { title: "Your profile", text: "A public profile with your stats, favourite categories and unlocked achievements.", icon: <UserRound /> },
];

export function AboutScreen() {
  const content = useContent();
  const name = content("site.name");
  return (
    <>
      <PageTitle title="About Us" description={content("footer.about")} />
      <PageHeader title="About Us" icon={<Info />} description={<p>Free browser games, live chat and leaderboards.</p>} />
      <Container className="py-10 sm:py-12">
        <ContentBody contentKey={STATIC_PAGE_CONTENT_KEYS.about}>
          <div className="space-y-12">
            <Prose>
              <p className="text-lg text-foreground">
                {name} is an open games portal: a free collection of HTML5 games you can play straight away in your browser, with a live
                chat, leaderboards and reviews around them. Some of the games are AI-powered, with a computer opponent that plays back.
              </p>
              <p>
                We built {name} for people who love quick, well-made games and a bit of friendly competition. You can play everything
                without an account; a free account lets you save your scores, appear on the leaderboards, review games and chat.
              </p>
            </Prose>
            <TitledSection id="what-you-get" title="What you will find">
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {ABOUT_FEATURES.map((f) => (
                  <li key={f.title}>
                    <IconCard
                      icon={f.icon}
                      className="h-full"
                      layout="flex gap-4 p-5"
                      badge="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary [&_svg]:size-5"
                    >
                      <h3 className="font-semibold">{f.title}</h3>
                      <p className="mt-1 text-sm text-muted-foreground">{f.text}</p>
                    </IconCard>
                  </li>
                ))}
              </ul>
            </TitledSection>
            <Prose>
              <h2>Open and safe by design</h2>
              <p>
                {name} can be run by anyone on their own server. Every game runs in a sandboxed frame on a separate web address, so a game
                can never read your account. We keep as little personal information as we can; read how in our{" "}
                <TextLink href="/privacy-policy">Privacy Policy</TextLink>.
              </p>
              <h2>For game developers</h2>
              <p>
                Games report scores through a small JavaScript SDK, so an HTML5 game can join the leaderboards with a few lines of code. Want
                to see your game here? <TextLink href="/contact">Get in touch</TextLink>.
              </p>
            </Prose>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Link href="/games" className={buttonClasses("gradient", "lg")}>
                <Gamepad2 aria-hidden="true" />
                Browse Games
              </Link>
              <ContactUsLink variant="outline" size="lg" />
            </div>
          </div>
        </ContentBody>
      </Container>
    </>
  );
}

export function ContactScreen() {
  return (
    <>
      <PageTitle title="Contact" description="Questions, ideas or problems? Send us a message." />
      <PageHeader title="Contact Us" icon={<Mail />} description={<p>Questions, ideas or problems? We would love to hear from you.</p>} />
      <Container className="grid grid-cols-1 gap-8 py-10 sm:py-12 lg:grid-cols-3">
        <section aria-labelledby="contact-form" className="lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle id="contact-form" className="text-xl">
                Send us a message
              </CardTitle>
              <CardDescription>We read every message and answer as soon as we can.</CardDescription>
            </CardHeader>
            <CardContent>
              <ContactForm />
            </CardContent>
          </Card>
        </section>
        <aside aria-label="Other ways to get help" className="space-y-4">
          <SideCard icon={<LifeBuoy />} title="Help Center">
            Answers about playing, accounts, scores and chat.{" "}
            <Link href="/help" className="font-medium text-primary hover:underline dark:text-violet-300">
              Visit the Help Center
            </Link>
          </SideCard>
          <SideCard icon={<Flag />} title="Report a problem">
            A broken game, a bug, or a player breaking the rules? Tell us the game or the username, what happened and when.
          </SideCard>
          <SideCard icon={<Megaphone />} title="Advertising">
            Reach our players:{" "}
            <Link href="/advertise-with-us" className="font-medium text-primary hover:underline dark:text-violet-300">
              Advertise With Us
            </Link>
          </SideCard>
          <SideCard icon={<Shield />} title="Privacy requests">
            To get a copy of your data or delete your account, choose the subject &lsquo;Privacy request&rsquo;.
          </SideCard>
        </aside>
      </Container>
    </>
  );
}

function SideCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <IconCard
      icon={icon}
      layout="flex gap-3 p-5"
      badge="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-4"
      bodyClassName="text-sm"
    >
      <h2 className="font-semibold text-foreground">{title}</h2>
      <p className="mt-1 text-muted-foreground">{children}</p>
    </IconCard>
  );
}

type Faq = { q: string; a: ReactNode };
type FaqTopic = { id: string; title: string; icon: ReactNode; items: Faq[] };

function helpTopics(name: string): FaqTopic[] {
  return [
    {
      id: "playing",
      title: "Playing games",
      icon: <Gamepad2 />,
      items: [
        {
          q: "How do I start a game?",
          a: (
            <>
              Open any game from the home page, <TextLink href="/games">All Games</TextLink> or a category, then press &lsquo;Play
              Now&rsquo;. The game loads right on the page; use the fullscreen button for more room and the reload button to start over.
            </>
          ),
        },
        {
          q: "What are the controls?",
          a: "Each game explains its controls on its 'How to Play' tab. Most games work with a keyboard (arrow keys or WASD, and Space), a mouse, or touch on phones and tablets.",
        },
        {
          q: "Do I need to download or pay for anything?",
          a: `No. Every game on ${name} runs in your browser and is free to play.`,
        },
        {
          q: "What does 'AI-powered' mean?",
          a: "Some games have a computer opponent that reacts to your moves, so you can play a proper match without waiting for another player.",
        },
      ],
    },
    {
      id: "accounts",
      title: "Accounts",
      icon: <UserRound />,
      items: [
        {
          q: "Do I need an account?",
          a: "No, you can play every game without one. With a free account you can save your scores, appear on the leaderboards, write reviews and chat.",
        },
        {
          q: "How do I create an account?",
          a: (
            <>
              Go to <TextLink href="/login?tab=register">Register</TextLink>, choose a username (3 to 20 letters, digits or _) and a
              password of at least 8 characters. An email address is optional. If the site offers it, you can also continue with Google.
              You must be at least {MINIMUM_AGE} years old.
            </>
          ),
        },
        {
          q: "I can't sign in.",
          a: "Check that Caps Lock is off and try your email address instead of your username if you gave one. After too many failed attempts, sign-in is paused for a few minutes to protect your account.",
        },
        {
          q: "How do I delete my account?",
          a: (
            <>
              Send us a message through the <TextLink href="/contact">Contact</TextLink> page from the email address on your account, or
              tell us your username; we will confirm and delete it.
            </>
          ),
        },
      ],
    },
    {
      id: "scores",
      title: "Scores and leaderboards",
      icon: <Trophy />,
      items: [
        {
          q: "How are my scores saved?",
          a: "When you finish a game while signed in, the game sends your score to your account. If you are signed out, you can play but the score is not stored.",
        },
        {
          q: "How is the leaderboard calculated?",
          a: (
            <>
              Your total score is the sum of your best score in each game. &lsquo;Top Players This Week&rsquo; counts only this
              week&rsquo;s scores; the <TextLink href="/leaderboard">Leaderboard</TextLink> page shows all time. Win rate is the share of
              games you won among those that report wins.
            </>
          ),
        },
        {
          q: "A score looks wrong or was removed.",
          a: "We remove scores that look manipulated. If you think we made a mistake, contact us with the game and the time you played.",
        },
      ],
    },
    {
      id: "chat-rules",
      title: "Chat rules",
      icon: <MessageSquare />,
      items: [
        {
          q: "What are the chat rules?",
          a: (
            <ul>
              <li>Be kind: no insults, harassment, hate speech or threats.</li>
              <li>Keep it suitable for everyone aged {MINIMUM_AGE} and over.</li>
              <li>No spam, advertising or flooding (there is a limit of 5 messages per 10 seconds).</li>
              <li>Never share personal information: yours or anyone else&rsquo;s.</li>
              <li>No cheating tips that break games or the leaderboards.</li>
            </ul>
          ),
        },
        {
          q: "What happens if someone breaks the rules?",
          a: "Moderators can delete messages, and accounts that keep breaking the rules are suspended or closed.",
        },
      ],
    },
    {
      id: "reporting",
      title: "Reporting problems",
      icon: <Flag />,
      items: [
        {
          q: "A game doesn't load or work.",
          a: "Try the reload button, then reload the page. Make sure your browser is up to date and that extensions are not blocking the game. If it still fails, tell us the game, your browser and device.",
        },
        {
          q: "How do I report a player, a message or a review?",
          a: (
            <>
              Use the <TextLink href="/contact">Contact</TextLink> page with the subject &lsquo;Report&rsquo;. Include the username, where
              you saw it and roughly when. Our moderators review every report.
            </>
          ),
        },
        {
          q: "I found a security problem.",
          a: "Please tell us privately through the Contact page before sharing it anywhere else, and do not access other people's data.",
        },
      ],
    },
  ];
}

export function HelpScreen() {
  const name = useContent()("site.name");
  const topics = helpTopics(name);
  return (
    <>
      <PageTitle title="Help Center" description={`Answers to common questions about playing on ${name}.`} />
      <PageHeader title="Help Center" icon={<HelpCircle />} description={<p>Answers to common questions about playing on {name}.</p>} />
      <Container className="py-10 sm:py-12">
        <ContentBody contentKey={STATIC_PAGE_CONTENT_KEYS.help}>
          <div className="mx-auto max-w-4xl">
            <nav aria-label="Help topics" className="mb-10">
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
                {topics.map((t) => (
                  <li key={t.id}>
                    <a
                      href={`#${t.id}`}
                      className="flex h-full items-center gap-3 rounded-xl border bg-card p-3.5 text-sm font-medium shadow-sm transition-colors hover:border-primary/50 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-4" aria-hidden="true">
                        {t.icon}
                      </span>
                      {t.title}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="space-y-10">
              {topics.map((t) => (
                <section key={t.id} aria-labelledby={t.id} className="scroll-mt-24">
                  <h2 id={t.id} className="mb-4 scroll-mt-24 text-xl font-bold tracking-tight">
                    {t.title}
                  </h2>
                  <div className="divide-y overflow-hidden rounded-xl border bg-card">
                    {t.items.map((item) => (
                      <details key={item.q} className="group">
                        <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-4 py-3.5 font-medium transition-colors hover:bg-accent/60 focus-visible:bg-accent/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
                          {item.q}
                          <span
                            aria-hidden="true"
                            className="flex size-6 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground transition-transform group-open:rotate-45"
                          >
                            +
                          </span>
                        </summary>
                        <div className={cn(proseClasses, "px-4 pb-4 text-sm text-muted-foreground [&_li]:text-muted-foreground")}>
                          {typeof item.a === "string" ? <p>{item.a}</p> : <div>{item.a}</div>}
                        </div>
                      </details>
                    ))}
                  </div>
                </section>
              ))}
              <Card className="bg-gradient-to-br from-primary/10 to-brand-2/10">
                <div className="flex flex-col items-start gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
                  <div>
                    <h2 className="text-lg font-semibold">Still need help?</h2>
                    <p className="text-sm text-muted-foreground">Send us a message and we will get back to you.</p>
                  </div>
                  <ContactUsLink variant="gradient" size="md" />
                </div>
              </Card>
            </div>
          </div>
        </ContentBody>
      </Container>
    </>
  );
}
