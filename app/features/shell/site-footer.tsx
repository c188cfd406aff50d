/** The site footer. Plain links, as in the header (site-header.tsx). */
import { BRAND, CATEGORIES, LEGAL_LINKS, POPULAR_CITIES } from "~/site";

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="below-fold mt-auto bg-navy-900 text-navy-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <p className="text-xl font-extrabold text-white">{BRAND.name}</p>
          <p className="mt-3 max-w-xs text-sm leading-relaxed">
            {BRAND.tagline}. Homeowners and businesses across the United States and Canada use{" "}
            {BRAND.name} to find and compare local trade contractors.
          </p>
        </div>
        <nav aria-label="Footer services">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Services</h2>
          <ul className="mt-3 grid gap-2 text-sm">
            {CATEGORIES.map((category) => (
              <li key={category.slug}>
                <a href={category.path} className="hover:text-white hover:underline">
                  {category.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Popular cities">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">
            Popular cities
          </h2>
          <ul className="mt-3 grid gap-2 text-sm">
            {POPULAR_CITIES.map((city) => (
              <li key={city.slug}>
                <a href={`/${city.slug}`} className="hover:text-white hover:underline">
                  {city.name}, {city.region}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Company">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Company</h2>
          <ul className="mt-3 grid gap-2 text-sm">
            <li>
              <a href="/pro/join" className="hover:text-white hover:underline">
                For pros
              </a>
            </li>
            {LEGAL_LINKS.map((link) => (
              <li key={link.path}>
                <a href={link.path} className="hover:text-white hover:underline">
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <a href={`mailto:${BRAND.supportEmail}`} className="hover:text-white hover:underline">
                {BRAND.supportEmail}
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-white/10 px-4 py-5 text-center text-xs text-navy-200">
        © {year} {BRAND.name}. Contractors listed are independent businesses.
      </p>
    </footer>
  );
}
