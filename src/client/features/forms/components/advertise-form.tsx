import { Loader2, Send } from "lucide-react";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input, Textarea } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useSendAdvertiseEnquiry } from "../api/send-advertise-enquiry";
import { useFormState } from "../use-form-state";

export const BUDGET_OPTIONS = [
  "Under $1,000",
  "$1,000 - $5,000",
  "$5,000 - $20,000",
  "$20,000 - $50,000",
  "Over $50,000",
  "Not sure yet",
] as const;

const EMPTY = { companyName: "", email: "", website: "", budget: "", goals: "" };

/** The contract's rules, loaded when the form is used rather than with the page. */
const loadAdvertiseSchema = () => import("@contract/forms").then((m) => m.advertiseSchema);

/**
 * Advertise With Us enquiry: Company Name, Email Address (email type), Website, Estimated
 * Budget and goals. D53: stored by the server, which validates the email; success toasts its message.
 */
export function AdvertiseForm() {
  const mutation = useSendAdvertiseEnquiry();
  const { values, errors, set, onSubmit, formRef } = useFormState({
    initial: EMPTY,
    loadSchema: loadAdvertiseSchema,
    isPending: mutation.isPending,
    send: (data, callbacks) => mutation.mutate(data, callbacks),
  });

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-label="Advertising enquiry"
      className="grid gap-4 sm:grid-cols-2"
    >
      <FormField label="Company Name" error={errors.companyName}>
        {(p) => (
          <Input
            {...p}
            name="companyName"
            autoComplete="organization"
            value={values.companyName}
            onChange={(e) => set("companyName", e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Email Address" error={errors.email}>
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
      <FormField label="Website" optional error={errors.website}>
        {(p) => (
          <Input
            {...p}
            name="website"
            inputMode="url"
            autoComplete="url"
            placeholder="https://example.com"
            value={values.website}
            onChange={(e) => set("website", e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Estimated Budget" optional error={errors.budget}>
        {(p) => (
          <Select name="budget" value={values.budget || undefined} onValueChange={(v) => set("budget", v)}>
            <SelectTrigger {...p}>
              <SelectValue placeholder="Select a range" />
            </SelectTrigger>
            <SelectContent>
              {BUDGET_OPTIONS.map((b) => (
                <SelectItem key={b} value={b}>
                  {b}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      <FormField label="Campaign Goals" optional error={errors.goals} className="sm:col-span-2">
        {(p) => (
          <Textarea
            {...p}
            name="goals"
            rows={5}
            placeholder="Tell us about your brand, who you want to reach and when your campaign should run."
            value={values.goals}
            onChange={(e) => set("goals", e.target.value)}
          />
        )}
      </FormField>
      <div className="flex flex-col-reverse items-stretch gap-3 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted-foreground">We only use these details to answer your enquiry.</p>
        <Button
          type="submit"
          variant="gradient"
          size="lg"
          disabled={mutation.isPending}
          aria-busy={mutation.isPending || undefined}
        >
          {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          {mutation.isPending ? "Sending..." : "Submit Inquiry"}
        </Button>
      </div>
    </form>
  );
}
