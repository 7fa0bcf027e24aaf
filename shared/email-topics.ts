// The emails a person may turn off (server/db/schema/email.ts EMAIL_TOPICS, in its order), as the email
// preferences page and account settings name them. Receipts, order links and account emails are not
// among them: those always go.
export const EMAIL_TOPIC_CHOICES = [
  {
    topic: "product_updates",
    /** As in "… no longer gets product update emails". */
    noun: "product update",
    label: "Email me when a product I bought gets a new version",
  },
  {
    topic: "new_products",
    noun: "new product",
    label: "Email me when a creator I follow publishes a product (for the creators I chose to hear from)",
  },
  {
    topic: "broadcasts",
    noun: "seller",
    label: "Email me messages from sellers I follow or bought from",
  },
  {
    topic: "cart_reminders",
    noun: "cart reminder",
    label: "Remind me once of products I left in my cart",
  },
] as const;

export type EmailTopicName = (typeof EMAIL_TOPIC_CHOICES)[number]["topic"];

/** A topic's noun, for messages about it. */
export function topicNoun(topic: EmailTopicName): string {
  return EMAIL_TOPIC_CHOICES.find((choice) => choice.topic === topic)!.noun;
}
