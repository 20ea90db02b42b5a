import { Mail } from "lucide-react";
import { Container } from "@/components/container";
import { PageHeader } from "@/components/page-header";
import { PageTitle } from "@/components/page-title";
import { ContactForm } from "@/features/forms/components/contact-form";
import { ContactOptions } from "@/features/static-pages/components/contact-options";
import { FormSection } from "@/features/static-pages/components/form-section";
import { STATIC_PAGE_META } from "@contract/pages";

/** /contact (D51): the contact form and the other ways to get help. */
export function ContactScreen() {
  return (
    <>
      <PageTitle title={STATIC_PAGE_META["/contact"].title} description={STATIC_PAGE_META["/contact"].description()} />
      <PageHeader
        title="Contact Us"
        icon={<Mail />}
        description={<p>Questions, ideas or problems? We would love to hear from you.</p>}
      />
      <Container className="grid grid-cols-1 gap-8 py-10 sm:py-12 lg:grid-cols-3">
        <FormSection
          id="contact-form"
          title="Send us a message"
          description="We read every message and answer as soon as we can."
          className="lg:col-span-2"
        >
          <ContactForm />
        </FormSection>
        <ContactOptions />
      </Container>
    </>
  );
}
