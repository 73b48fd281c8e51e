/** Settings of the SPA that differ per deployment (Vite env vars, with local defaults). */
export const appConfig = {
  /** The company behind the product, linked from the footer. */
  companyUrl: (import.meta.env.VITE_COMPANY_URL as string | undefined) ?? 'https://www.familycanvas.example',
  locale: 'en-US',
} as const;
