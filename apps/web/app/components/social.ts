/** The four social media sites linked from the footer (opened in new tabs). */
export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/vaggen' },
  { name: 'Instagram', href: 'https://www.instagram.com/vaggen' },
  { name: 'X', href: 'https://x.com/vaggen' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/vaggen' },
] as const;
