import { AI_PROMPT_MAX_LENGTH } from "../shared/constants";

/** The three example hosts the Create Domain message names. */
export const DOMAIN_HOST_EXAMPLES = "https://www.example.com, www.example.com or example.com";

/** The validation messages of spec section 5, per form (texts are exact). */
export const VALIDATION_MESSAGES = {
  color: {
    nameRequired: "Please enter a color name.",
    hexRequired: "Please enter a color hex code.",
    hexMax: "Hex code can be a maximum of 6 characters.",
  },
  domain: {
    nameRequired: "Please enter a domain name.",
    hostRequired: "Please enter a domain host.",
    hostInvalid: `Please enter a valid domain host in the format ${DOMAIN_HOST_EXAMPLES}`,
  },
  floow: {
    domainRequired: "Please select a domain.",
    typeRequired: "Please select a floow type.",
    nameRequired: "Please enter a floow name.",
    feedRequired: "Please select a feed.",
  },
  feed: {
    nameRequired: "Please enter a feed name.",
    typeRequired: "Please select a feed type.",
    urlRequired: "Please enter a feed URL.",
    urlInvalid: "Please enter a valid feed URL.",
  },
  font: {
    nameRequired: "Please enter a font name.",
    urlRequired: "Please enter a font URL.",
    urlInvalid: "Please enter a valid font URL.",
  },
  trigger: {
    routeRequired: "Route cannot be empty. Please provide a valid URL.",
    routeTypeInvalid: "Route type must be startsWith or strict.",
    attributeInvalid: "Attribute must be id or class.",
    valueRequired: "Value cannot be empty. Please provide a valid value.",
    targetInvalid: "Target must be inside, before or after.",
  },
  support: {
    emailInvalid: "E-mail should be valid",
    subjectRequired: "Please provide a subject",
    commentRequired: "Please provide a short description",
    categoryInvalid: "Please select a valid category",
  },
  invite: {
    emailInvalid: "Must be a valid email address",
    roleRequired: "Please select a role",
  },
  changeEmail: {
    emailInvalid: "Must be a valid email address",
    oldEmailMismatch: "Old email must match the current user email",
  },
  changePassword: {
    emailMismatch: "Email should be correct and match the user email",
  },
  aiPrompt: {
    required: "Please enter a prompt.",
    max: `The prompt can be at most ${AI_PROMPT_MAX_LENGTH} characters.`,
  },
  organization: {
    nameRequired: "Please enter an organization name.",
    sectorInvalid: "Please select a sector.",
  },
} as const;
