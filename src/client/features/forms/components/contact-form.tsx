import { Loader2, Send } from "lucide-react";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input, Textarea } from "@/components/ui/input";
import { useSendContactMessage } from "../api/send-contact-message";
import { useFormState } from "../use-form-state";

const EMPTY = { name: "", email: "", subject: "", message: "" };

/** The contract's rules, loaded when the form is used rather than with the page. */
const loadContactSchema = () => import("@contract/forms").then((m) => m.contactSchema);

/** D51 Contact form: name, email, optional subject, message; stored for the admins, success toasts the server's message. */
export function ContactForm() {
  const mutation = useSendContactMessage();
  const { values, errors, set, onSubmit, formRef } = useFormState({
    initial: EMPTY,
    loadSchema: loadContactSchema,
    isPending: mutation.isPending,
    send: (data, callbacks) => mutation.mutate(data, callbacks),
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Contact us" className="grid gap-4 sm:grid-cols-2">
      <FormField label="Name" error={errors.name}>
        {(p) => (
          <Input
            {...p}
            name="name"
            autoComplete="name"
            value={values.name}
            onChange={(e) => set("name", e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Email" error={errors.email}>
        {(p) => (
          <Input
            {...p}
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => set("email", e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Subject" optional error={errors.subject} className="sm:col-span-2">
        {(p) => (
          <Input
            {...p}
            name="subject"
            maxLength={200}
            value={values.subject}
            onChange={(e) => set("subject", e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Message" error={errors.message} className="sm:col-span-2">
        {(p) => (
          <Textarea
            {...p}
            name="message"
            rows={6}
            maxLength={5000}
            placeholder="How can we help? If something is broken, tell us the game, your browser and what happened."
            value={values.message}
            onChange={(e) => set("message", e.target.value)}
          />
        )}
      </FormField>
      <div className="flex justify-end sm:col-span-2">
        <Button
          type="submit"
          variant="gradient"
          size="lg"
          className="w-full sm:w-auto"
          disabled={mutation.isPending}
          aria-busy={mutation.isPending || undefined}
        >
          {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          {mutation.isPending ? "Sending..." : "Send Message"}
        </Button>
      </div>
    </form>
  );
}
