import { Card } from "@/components/ui/card";
import { ContactUsLink } from "./contact-us-link";

/** Help Center: the closing card that points to the contact form. */
export function StillNeedHelp() {
  return (
    <Card className="bg-gradient-to-br from-primary/10 to-brand-2/10">
      <div className="flex flex-col items-start gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold">Still need help?</h2>
          <p className="text-sm text-muted-foreground">Send us a message and we will get back to you.</p>
        </div>
        <ContactUsLink variant="gradient" size="md" />
      </div>
    </Card>
  );
}
