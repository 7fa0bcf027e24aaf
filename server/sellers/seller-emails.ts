import { SELLER_REVIEW_TIME } from "../../shared/shop-facts.ts";
import { paragraphsEmail } from "../email/paragraphs-email.ts";

// The emails of an application to sell, one at each step.

interface Applicant {
  to: string;
  name: string;
  shopName: string;
  marketName: string;
  publicUrl: string;
}

export const applicationReceivedEmail = (a: Applicant) =>
  paragraphsEmail(a.to, `We received your application to sell on ${a.marketName}`, [
    `Hi ${a.name},`,
    `Thank you for applying to sell as "${a.shopName}". Our team reviews every application by hand; this takes ${SELLER_REVIEW_TIME}. We will email you as soon as it is decided.`,
    `You can see where it stands at ${a.publicUrl}/become-seller`,
  ]);

export const applicationApprovedEmail = (a: Applicant) =>
  paragraphsEmail(a.to, `Welcome to ${a.marketName}: your shop "${a.shopName}" is approved`, [
    `Hi ${a.name},`,
    `Good news: your application is approved and your shop "${a.shopName}" is open. You keep 70% of every sale, paid out weekly.`,
    `Start adding products from your Seller Dashboard: ${a.publicUrl}/seller`,
  ]);

export const applicationRejectedEmail = (a: Applicant & { reason: string }) =>
  paragraphsEmail(a.to, `About your application to sell on ${a.marketName}`, [
    `Hi ${a.name},`,
    `Thank you for applying to sell as "${a.shopName}". We cannot approve the application as it is, for this reason:`,
    a.reason,
    `You are welcome to apply again once this is addressed: ${a.publicUrl}/become-seller`,
  ]);
