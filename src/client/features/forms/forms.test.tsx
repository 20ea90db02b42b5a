import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import {
  jsonResponse,
  mockApi,
  noContent,
  renderApp,
  setUpScreenTests,
  signedOut,
  type MockRoute,
} from "@test/render-app";

const base: MockRoute[] = [signedOut, noContent];
const ADVERTISE_OK = "Thanks! Our team will contact you within 2 business days.";

function bodyOf(fetch: ReturnType<typeof mockApi>, url: string) {
  const call = fetch.mock.calls.find(([u, init]) => u === url && init?.method === "POST");
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

setUpScreenTests();
afterEach(() => {
  resetToasts();
});

describe("Advertise With Us form (spec §2, D53)", () => {
  it("has the spec's fields, posts them and toasts the server's message", async () => {
    const fetch = mockApi([
      ...base,
      ["POST", "/api/advertise", () => jsonResponse({ message: ADVERTISE_OK }, { status: 201 })],
    ]);
    renderApp("/advertise-with-us");
    const form = await screen.findByRole("form", { name: "Advertising enquiry" });
    expect(within(form).getByLabelText("Email Address")).toHaveAttribute("type", "email");
    expect(within(form).getByRole("combobox", { name: /Estimated Budget/ })).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText("Company Name"), { target: { value: "Acme Games" } });
    fireEvent.change(within(form).getByLabelText("Email Address"), { target: { value: " ads@acme.example " } });
    fireEvent.change(within(form).getByLabelText(/Website/), { target: { value: "https://acme.example" } });
    fireEvent.change(within(form).getByLabelText(/Campaign Goals/), {
      target: { value: "Launch our new puzzle game." },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Submit Inquiry" }));

    expect(await screen.findByText(ADVERTISE_OK)).toBeInTheDocument();
    expect(bodyOf(fetch, "/api/advertise")).toEqual({
      companyName: "Acme Games",
      email: "ads@acme.example",
      website: "https://acme.example",
      goals: "Launch our new puzzle game.",
    });
    // the form is reset after sending
    await waitFor(() => expect(within(form).getByLabelText("Company Name")).toHaveValue(""));
  });

  it("an invalid email shows an error by the field and sends nothing", async () => {
    const fetch = mockApi([
      ...base,
      ["POST", "/api/advertise", () => jsonResponse({ message: ADVERTISE_OK }, { status: 201 })],
    ]);
    renderApp("/advertise-with-us");
    const form = await screen.findByRole("form", { name: "Advertising enquiry" });
    fireEvent.change(within(form).getByLabelText("Company Name"), { target: { value: "Acme Games" } });
    fireEvent.change(within(form).getByLabelText("Email Address"), { target: { value: "not-an-email" } });
    fireEvent.submit(form);
    const email = within(form).getByLabelText("Email Address");
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(expect.stringContaining("Please enter a valid email address")),
    );
    expect(email).toHaveFocus();
    expect(bodyOf(fetch, "/api/advertise")).toBeUndefined();
  });

  it("shows the server's field errors by their fields", async () => {
    mockApi([
      ...base,
      [
        "POST",
        "/api/advertise",
        () =>
          jsonResponse(
            {
              message: "Company name is required",
              errors: [{ path: "companyName", message: "Company name is required" }],
            },
            { status: 400 },
          ),
      ],
    ]);
    renderApp("/advertise-with-us");
    const form = await screen.findByRole("form", { name: "Advertising enquiry" });
    fireEvent.change(within(form).getByLabelText("Company Name"), { target: { value: "Acme" } });
    fireEvent.change(within(form).getByLabelText("Email Address"), { target: { value: "ads@acme.example" } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(within(form).getByLabelText("Company Name")).toHaveAccessibleDescription(
        expect.stringContaining("Company name is required"),
      ),
    );
  });

  it("a server failure without field errors is a destructive toast", async () => {
    mockApi([
      ...base,
      ["POST", "/api/advertise", () => jsonResponse({ message: "Internal server error" }, { status: 500 })],
    ]);
    renderApp("/advertise-with-us");
    const form = await screen.findByRole("form", { name: "Advertising enquiry" });
    fireEvent.change(within(form).getByLabelText("Company Name"), { target: { value: "Acme" } });
    fireEvent.change(within(form).getByLabelText("Email Address"), { target: { value: "ads@acme.example" } });
    fireEvent.submit(form);
    expect(await screen.findByText("Could not send your message")).toBeInTheDocument();
    expect(screen.getByText("Internal server error")).toBeInTheDocument();
    expect(within(form).getByLabelText("Company Name")).toHaveValue("Acme");
  });
});

describe("Contact form (D51)", () => {
  it("posts name, email, subject and message and toasts the server's message", async () => {
    const fetch = mockApi([
      ...base,
      [
        "POST",
        "/api/contact",
        () => jsonResponse({ message: "Thanks for your message! We will get back to you soon." }, { status: 201 }),
      ],
    ]);
    renderApp("/contact");
    const form = await screen.findByRole("form", { name: "Contact us" });
    fireEvent.change(within(form).getByLabelText("Name"), { target: { value: "Ada" } });
    fireEvent.change(within(form).getByLabelText("Email"), { target: { value: "ada@example.com" } });
    fireEvent.change(within(form).getByLabelText(/Subject/), { target: { value: "Hello" } });
    fireEvent.change(within(form).getByLabelText("Message"), { target: { value: "Love the games!" } });
    fireEvent.click(within(form).getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText("Thanks for your message! We will get back to you soon.")).toBeInTheDocument();
    expect(bodyOf(fetch, "/api/contact")).toEqual({
      name: "Ada",
      email: "ada@example.com",
      subject: "Hello",
      message: "Love the games!",
    });
  });

  it("required fields and the email are checked by their fields", async () => {
    const fetch = mockApi(base);
    renderApp("/contact");
    const form = await screen.findByRole("form", { name: "Contact us" });
    fireEvent.change(within(form).getByLabelText("Email"), { target: { value: "nope" } });
    fireEvent.submit(form);
    expect(await within(form).findByText("Name is required")).toBeInTheDocument();
    expect(within(form).getByText("Please enter a valid email address")).toBeInTheDocument();
    expect(within(form).getByText("Message is required")).toBeInTheDocument();
    expect(within(form).getByLabelText("Name")).toHaveFocus();
    expect(bodyOf(fetch, "/api/contact")).toBeUndefined();
  });
  it("a second submit while the rules are loading sends nothing more (issue 13 item 6, D73: they load on demand)", async () => {
    const fetch = mockApi([
      ...base,
      ["POST", "/api/contact", () => jsonResponse({ message: "Thanks!" }, { status: 201 })],
    ]);
    renderApp("/contact");
    const form = await screen.findByRole("form", { name: "Contact us" });
    fireEvent.change(within(form).getByLabelText("Name"), { target: { value: "Ada" } });
    fireEvent.change(within(form).getByLabelText("Email"), { target: { value: "ada@example.com" } });
    fireEvent.change(within(form).getByLabelText("Message"), { target: { value: "Hi" } });
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(await screen.findByText("Thanks!")).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([u, init]) => u === "/api/contact" && init?.method === "POST")).toHaveLength(1);
  });
});
