/**
 * Every toast text of spec section 8 (exact), so the dashboard and the API keep texts in
 * one place. Texts with a {name} or {email} are functions.
 */
export const TOASTS = {
  failure: {
    imageUpload: "Something went wrong uploading the image",
    userUpdate: "Something went wrong updating your information",
    passwordUpdate: "Something went wrong updating the password",
    userDelete: "Something went wrong deleting the user",
    organizationCreate: "Error: An error occurred while creating the organization",
    organizationUpdate: "Something went wrong updating the organization information",
    domainCreate: "Something went wrong creating the domain",
    domainSave: "Something went wrong saving the domain",
    domainUpdate: "Something went wrong updating the domain information",
    domainDelete: "Something went wrong deleting the domain",
    feedCreate: "Something went wrong creating the feed",
    feedDelete: "Something went wrong deleting the feed",
    floowCreate: "Something went wrong creating the floow",
    floowSave: "Something went wrong saving the floow",
    floowPublish: "Something went wrong publishing the floow",
    floowDuplicate: "Something went wrong duplicating the floow",
    floowDelete: "Something went wrong deleting the floow",
    floowArchive: "Something went wrong archiving the floow",
    floowUnarchive: "Something went wrong unarchiving the floow",
    integrationSave: "Something went wrong saving the integration",
    webhookSave: "Something went wrong saving the webhook",
    webhookDelete: "Something went wrong deleting the webhook",
    triggerDelete: "Something went wrong deleting the trigger",
    ticketSend: "Failed to send ticket",
    ticketSendDescription: (email: string) =>
      `Something went wrong while sending the ticket. Please try again, or send an email to ${email}`,
  },
  success: {
    imageUpload: "Image uploaded",
    userUpdate: "Information updated",
    passwordRequest: (email: string) => `Password change request sent to: ${email}`,
    userDelete: "User deleted",
    organizationCreate: (name: string) => `Success: Organization ${name} created successfully`,
    organizationUpdate: "Organization information updated",
    domainCreate: "Domain created",
    domainSave: "Domain saved",
    domainDelete: "Domain deleted",
    colorAdd: "Color added",
    fontAdd: "Font added",
    deleted: (name: string) => `${name} deleted`,
    feedCreate: "Feed created",
    feedDelete: "Feed deleted",
    floowCreate: "Floow created",
    floowSave: "Floow saved",
    floowPublish: "Floow published",
    floowDuplicate: "Floow duplicated",
    floowArchive: "Floow archived",
    floowUnarchive: "Floow unarchived",
    floowDelete: "Floow deleted",
    stepAdd: "Step added",
    stepDuplicate: "Step duplicated",
    stepDelete: "Step deleted",
    integrationSave: "Integration saved",
    webhookSave: "Webhook saved",
    webhookDelete: "Webhook deleted",
    triggerDelete: "Trigger deleted",
    styleAppliedCurrent: "Style applied to current step",
    styleAppliedAll: "Style applied to all steps",
    copied: "Copied to clipboard",
    ticketSend: "Ticket sent successfully",
    ticketSendDescription: "We will get in contact with you as soon as possible.",
  },
  /** The actions of the failed-ticket toast. */
  actions: {
    tryAgain: "Try again",
    sendEmail: "Send email",
  },
} as const;

/** The error pages: status code, message and description. */
export const ERROR_PAGES = {
  notFound: {
    status: 404,
    message: "Page Not Found",
    description: "The page you are looking for does not exist or has been moved.",
  },
  serverError: {
    status: 500,
    message: "Internal Server Error",
    description: "Something went wrong on our side. Please try again later.",
  },
} as const;

/** The six status messages the AI suggestion dialog cycles through while loading. */
export const AI_LOADING_MESSAGES = [
  "Reading your floow…",
  "Thinking about your visitors…",
  "Drafting questions…",
  "Writing answer choices…",
  "Checking the flow…",
  "Almost there…",
] as const;
