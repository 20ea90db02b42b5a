import { Link } from "wouter";
import { useContent } from "@/lib/site-content";
import { Prose } from "./prose";

/** About Us: what the site is and who it is for. */
export function AboutIntro() {
  const name = useContent()("site.name");
  return (
    <Prose>
      <p className="text-lg text-foreground">
        {name} is an open games portal: a free collection of HTML5 games you can play straight away in your browser,
        with a live chat, leaderboards and reviews around them. Some of the games are AI-powered, with a computer
        opponent that plays back.
      </p>
      <p>
        We built {name} for people who love quick, well-made games and a bit of friendly competition. You can play
        everything without an account; a free account lets you save your scores, appear on the leaderboards, review
        games and chat.
      </p>
    </Prose>
  );
}

/** About Us: 'Open and safe by design' and 'For game developers'. */
export function AboutPrinciples() {
  const name = useContent()("site.name");
  return (
    <Prose>
      <h2>Open and safe by design</h2>
      <p>
        {name} can be run by anyone on their own server. Every game runs in a sandboxed frame on a separate web address,
        so a game can never read your account. We keep as little personal information as we can; read how in our{" "}
        <Link href="/privacy-policy">Privacy Policy</Link>.
      </p>
      <h2>For game developers</h2>
      <p>
        Games report scores through a small JavaScript SDK, so an HTML5 game can join the leaderboards with a few lines
        of code. Want to see your game here? <Link href="/contact">Get in touch</Link>.
      </p>
    </Prose>
  );
}
