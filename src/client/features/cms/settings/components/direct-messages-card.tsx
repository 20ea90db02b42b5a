import { DIRECT_MESSAGES_SETTING, directMessagesEnabled } from "@contract/direct-messages-constants";
import { SiteSwitchCard, type SiteSwitch } from "./site-switch-card";

/** D88: the switch "Direct messages" (on unless set to "false"). */
const DIRECT_MESSAGES_SWITCH: SiteSwitch = {
  setting: DIRECT_MESSAGES_SETTING,
  isOn: directMessagesEnabled,
  title: "Direct messages",
  description: "Whether friends can send each other private messages.",
  label: "Allow direct messages",
  hint: (on) =>
    on
      ? "Players can message their friends."
      : "Nobody can send a message (for sites such as a school's); players can still read the messages they already have.",
  saved: (on) => (on ? "Direct messages turned on" : "Direct messages turned off"),
};

export function DirectMessagesCard() {
  return <SiteSwitchCard {...DIRECT_MESSAGES_SWITCH} />;
}
