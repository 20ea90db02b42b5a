import { Mail } from "lucide-react";
import { Link } from "wouter";
import { buttonClasses, type ButtonSize, type ButtonVariant } from "@/components/ui/button";

/** The 'Contact Us' button of About and Help. */
export function ContactUsLink({ variant, size }: { variant: ButtonVariant; size: ButtonSize }) {
  return (
    <Link href="/contact" className={buttonClasses(variant, size)}>
      <Mail aria-hidden="true" />
      Contact Us
    </Link>
  );
}
