/** Where choosing a coverage leads: its contract when signed in, its registration otherwise. Light: the login page uses it. */
export function contractPathOf(coverageId: number): string {
  return `/contract-insurance?coverage=${coverageId}`;
}

export function registerRiskPathOf(coverageId: number): string {
  return `/register-risk?coverage=${coverageId}`;
}
