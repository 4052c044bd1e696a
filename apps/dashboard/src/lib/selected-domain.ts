import { storedId } from "./stored-id";

/**
 * The domain the user works in (spec: choosing a domain in the side navigation "selects
 * that domain"). Kept in localStorage so it survives reloads, shared by every tab.
 */
const selectedDomain = storedId("floow.selectedDomainId");

export const getSelectedDomainId = selectedDomain.get;
export const selectDomain = selectedDomain.set;
export const useSelectedDomainId = selectedDomain.use;
