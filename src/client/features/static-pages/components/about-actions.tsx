import { Gamepad2 } from "lucide-react";
import { Link } from "wouter";
import { buttonClasses } from "@/components/ui/button";
import { ContactUsLink } from "./contact-us-link";

/** About Us: 'Browse Games' and 'Contact Us'. */
export function AboutActions() {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <Link href="/games" className={buttonClasses("gradient", "lg")}>
        <Gamepad2 aria-hidden="true" />
        Browse Games
      </Link>
      <ContactUsLink variant="outline" size="lg" />
    </div>
  );
}
