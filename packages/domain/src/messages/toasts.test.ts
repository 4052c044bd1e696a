import { describe, expect, it } from "vitest";
import { AI_LOADING_MESSAGES, ERROR_PAGES, TOASTS } from "./toasts";

describe("toasts: every text of spec section 8", () => {
  it.each([
    [TOASTS.failure.imageUpload, "Something went wrong uploading the image"],
    [TOASTS.failure.userUpdate, "Something went wrong updating your information"],
    [TOASTS.failure.passwordUpdate, "Something went wrong updating the password"],
    [TOASTS.failure.userDelete, "Something went wrong deleting the user"],
    [TOASTS.failure.organizationCreate, "Error: An error occurred while creating the organization"],
    [
      TOASTS.failure.organizationUpdate,
      "Something went wrong updating the organization information",
    ],
    [TOASTS.failure.domainCreate, "Something went wrong creating the domain"],
    [TOASTS.failure.domainSave, "Something went wrong saving the domain"],
    [TOASTS.failure.domainUpdate, "Something went wrong updating the domain information"],
    [TOASTS.failure.domainDelete, "Something went wrong deleting the domain"],
    [TOASTS.failure.feedCreate, "Something went wrong creating the feed"],
    [TOASTS.failure.feedDelete, "Something went wrong deleting the feed"],
    [TOASTS.failure.floowCreate, "Something went wrong creating the floow"],
    [TOASTS.failure.floowSave, "Something went wrong saving the floow"],
    [TOASTS.failure.floowPublish, "Something went wrong publishing the floow"],
    [TOASTS.failure.floowDuplicate, "Something went wrong duplicating the floow"],
    [TOASTS.failure.floowDelete, "Something went wrong deleting the floow"],
    [TOASTS.failure.floowArchive, "Something went wrong archiving the floow"],
    [TOASTS.failure.floowUnarchive, "Something went wrong unarchiving the floow"],
    [TOASTS.failure.integrationSave, "Something went wrong saving the integration"],
    [TOASTS.failure.webhookSave, "Something went wrong saving the webhook"],
    [TOASTS.failure.webhookDelete, "Something went wrong deleting the webhook"],
    [TOASTS.failure.triggerDelete, "Something went wrong deleting the trigger"],
    [TOASTS.failure.ticketSend, "Failed to send ticket"],
    [
      TOASTS.failure.ticketSendDescription("support@floows.nl"),
      "Something went wrong while sending the ticket. Please try again, or send an email to support@floows.nl",
    ],
    [TOASTS.actions.tryAgain, "Try again"],
    [TOASTS.actions.sendEmail, "Send email"],
    [TOASTS.success.imageUpload, "Image uploaded"],
    [TOASTS.success.userUpdate, "Information updated"],
    [
      TOASTS.success.passwordRequest("jan@example.nl"),
      "Password change request sent to: jan@example.nl",
    ],
    [TOASTS.success.userDelete, "User deleted"],
    [TOASTS.success.organizationCreate("Acme"), "Success: Organization Acme created successfully"],
    [TOASTS.success.organizationUpdate, "Organization information updated"],
    [TOASTS.success.domainCreate, "Domain created"],
    [TOASTS.success.domainSave, "Domain saved"],
    [TOASTS.success.domainDelete, "Domain deleted"],
    [TOASTS.success.colorAdd, "Color added"],
    [TOASTS.success.fontAdd, "Font added"],
    [TOASTS.success.deleted("Brand red"), "Brand red deleted"],
    [TOASTS.success.feedCreate, "Feed created"],
    [TOASTS.success.feedDelete, "Feed deleted"],
    [TOASTS.success.floowCreate, "Floow created"],
    [TOASTS.success.floowSave, "Floow saved"],
    [TOASTS.success.floowPublish, "Floow published"],
    [TOASTS.success.floowDuplicate, "Floow duplicated"],
    [TOASTS.success.floowArchive, "Floow archived"],
    [TOASTS.success.floowUnarchive, "Floow unarchived"],
    [TOASTS.success.floowDelete, "Floow deleted"],
    [TOASTS.success.stepAdd, "Step added"],
    [TOASTS.success.stepDuplicate, "Step duplicated"],
    [TOASTS.success.stepDelete, "Step deleted"],
    [TOASTS.success.integrationSave, "Integration saved"],
    [TOASTS.success.webhookSave, "Webhook saved"],
    [TOASTS.success.webhookDelete, "Webhook deleted"],
    [TOASTS.success.triggerDelete, "Trigger deleted"],
    [TOASTS.success.styleAppliedCurrent, "Style applied to current step"],
    [TOASTS.success.styleAppliedAll, "Style applied to all steps"],
    [TOASTS.success.copied, "Copied to clipboard"],
    [TOASTS.success.ticketSend, "Ticket sent successfully"],
    [TOASTS.success.ticketSendDescription, "We will get in contact with you as soon as possible."],
  ])("%s", (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it("error pages", () => {
    expect(ERROR_PAGES.notFound).toMatchObject({ status: 404, message: "Page Not Found" });
    expect(ERROR_PAGES.serverError).toMatchObject({
      status: 500,
      message: "Internal Server Error",
    });
  });

  it("six AI loading messages", () => {
    expect(AI_LOADING_MESSAGES).toHaveLength(6);
  });
});
