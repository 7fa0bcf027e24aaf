import { z } from "zod";

// The contact form's fields, checked the same way in the browser and on the server.
export const contactSchema = z.object({
  name: z
    .string({ error: "Please enter your name." })
    .trim()
    .min(1, "Please enter your name.")
    .max(100, "Your name must be at most 100 characters."),
  email: z
    .string({ error: "Please enter your email address." })
    .trim()
    .min(1, "Please enter your email address.")
    .max(254, "Your email address must be at most 254 characters.")
    .pipe(z.email("Please enter a valid email address, like name@example.com.")),
  subject: z
    .string({ error: "Please enter a subject." })
    .trim()
    .min(3, "The subject must be at least 3 characters.")
    .max(150, "The subject must be at most 150 characters."),
  message: z
    .string({ error: "Please write your message." })
    .trim()
    .min(10, "Your message must be at least 10 characters.")
    .max(5000, "Your message must be at most 5,000 characters."),
});

export type ContactMessageInput = z.infer<typeof contactSchema>;
