/**
 * Contract: the message a client reads for one failed rule of a request schema (D60): the rule's own words, except
 * that keys the schema does not know are counted, not named. A made-up key is the client's own text (a fuzzer sends
 * SQL there), and repeating it would put that text in our answer.
 */
export function clientIssueMessage(issue: { keyword?: string; message?: string }): string {
  if (issue.keyword === "unrecognized_keys")
    return "Unrecognized key: the request has a field this route does not take";
  return issue.message ?? "Invalid value";
}
