import type { NewCompany } from '../directory';

export const DEMO_PASSWORD = 'Demo-pass-2026';
export const DEMO_LOGINS = {
  admin: 'admin@demo.escrowledger.test',
  buyer: 'buyer@demo.escrowledger.test',
  seller: 'seller@demo.escrowledger.test',
} as const;

export const DEMO_SERVICES = [
  'Cabinetry', 'Concrete', 'Drywall', 'Electrical', 'Excavation', 'Flooring', 'Framing', 'General Contracting',
  'HVAC', 'Landscaping', 'Masonry', 'Painting', 'Plumbing', 'Roofing', 'Solar', 'Windows & Doors',
];

/** A small square logo with the company's initials, as an SVG data URL (no files to serve). */
export function logoFor(name: string, colour: string): string {
  const initials = name.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w)).slice(0, 2).map((w) => w[0]!.toUpperCase()).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160"><rect width="160" height="160" rx="24" fill="${colour}"/><text x="80" y="98" font-family="Arial, sans-serif" font-size="56" font-weight="700" fill="#ffffff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

interface DemoCompany extends Omit<NewCompany, 'company_img'> {
  colour: string;
  services: string[];
}

const company = (c: Omit<DemoCompany, 'kind'> & { kind?: DemoCompany['kind'] }): DemoCompany => ({ kind: 'subcontractor', ...c });

/** The seller's company comes first: the demo seller user belongs to it. */
export const DEMO_COMPANIES: DemoCompany[] = [
  company({ name: 'Saguaro Build Co.', kind: 'general_contractor', colour: '#1d6f42', street: '1420 W Camelback Rd', city: 'Phoenix', state: 'AZ', zip_code: '85013', phone: '6025550141', contact_email: 'office@saguarobuild.example', website_link: 'https://saguarobuild.example', license: 'ROC 312457 B', insurance: 'Western Builders Mutual, $2M general liability', bio: 'General contractor for custom homes, additions and light commercial work across the Valley since 2004. We run every job on milestone escrow so owners and our subcontractors know exactly when money moves.', services: ['General Contracting', 'Framing', 'Concrete'] }),
  company({ name: 'Desert Current Electric', colour: '#c77d00', street: '88 E Broadway Blvd', city: 'Tucson', state: 'AZ', zip_code: '85701', phone: '5205550187', contact_email: 'jobs@desertcurrent.example', website_link: 'https://desertcurrent.example', license: 'ROC 287731 C-11', insurance: 'Copper State Insurance, $1M', bio: 'Residential and commercial electrical: service upgrades, EV chargers, panel replacements and new construction wiring.', services: ['Electrical', 'Solar'] }),
  company({ name: 'Mesa Ridge Roofing', colour: '#8e3b2f', street: '2250 S Power Rd', city: 'Mesa', state: 'AZ', zip_code: '85209', phone: '4805550122', contact_email: 'hello@mesaridgeroofing.example', website_link: 'https://mesaridgeroofing.example', license: 'ROC 301882 R-42', insurance: 'Sonoran Casualty, $1M', bio: 'Tile, shingle and foam roofs, repairs and full replacements, with a ten-year workmanship warranty.', services: ['Roofing'] }),
  company({ name: 'Boise Valley Plumbing', colour: '#1f5fa8', street: '910 W Main St', city: 'Boise', state: 'ID', zip_code: '83702', phone: '2085550199', contact_email: 'service@boisevalleyplumbing.example', website_link: 'https://boisevalleyplumbing.example', license: 'PLB-24-11873', insurance: 'Gem State Mutual, $1M', bio: 'Licensed master plumbers for remodels, repipes, water heaters and new homes in the Treasure Valley.', services: ['Plumbing'] }),
  company({ name: 'Sawtooth Framing & Carpentry', colour: '#6b4f2a', street: '455 N 5th St', city: 'Coeur d’Alene', state: 'ID', zip_code: '83814', phone: '2085550160', contact_email: 'crew@sawtoothframing.example', website_link: null, license: 'RCE-48812', insurance: 'Panhandle Insurance Group, $1M', bio: 'Framing crews for custom homes and additions, plus finish carpentry and cabinet installs.', services: ['Framing', 'Cabinetry'] }),
  company({ name: 'Gem State HVAC', colour: '#2a7f8e', street: '3120 E Overland Rd', city: 'Meridian', state: 'ID', zip_code: '83642', phone: '2085550134', contact_email: 'comfort@gemstatehvac.example', website_link: 'https://gemstatehvac.example', license: 'HVC-31-04417', insurance: 'Gem State Mutual, $1M', bio: 'Heat pumps, furnaces and ductwork designed with Manual J load calculations, installed and serviced.', services: ['HVAC'] }),
  company({ name: 'High Desert Concrete', colour: '#5c6670', street: '6170 S Pecos Rd', city: 'Las Vegas', state: 'NV', zip_code: '89120', phone: '7025550112', contact_email: 'bids@highdesertconcrete.example', website_link: 'https://highdesertconcrete.example', license: 'NV 0087321 A', insurance: 'Silver State Indemnity, $2M', bio: 'Foundations, flatwork, decorative concrete and block walls for builders and homeowners.', services: ['Concrete', 'Masonry', 'Excavation'] }),
  company({ name: 'Truckee Meadows Painting', colour: '#9b4f96', street: '1 E Liberty St', city: 'Reno', state: 'NV', zip_code: '89501', phone: '7755550175', contact_email: 'estimates@tmpainting.example', website_link: null, license: 'NV 0079920 C-4', insurance: 'Sierra Mutual, $1M', bio: 'Interior and exterior painting, cabinet refinishing and stucco repair.', services: ['Painting', 'Drywall'] }),
  company({ name: 'Silver State Landscapes', colour: '#4a8c2a', street: '2550 Anthem Village Dr', city: 'Henderson', state: 'NV', zip_code: '89052', phone: '7025550158', contact_email: 'design@silverstatelandscapes.example', website_link: 'https://silverstatelandscapes.example', license: 'NV 0081234 C-10', insurance: 'Silver State Indemnity, $1M', bio: 'Desert landscapes, irrigation, pavers and outdoor kitchens, designed and built.', services: ['Landscaping', 'Masonry'] }),
  company({ name: 'Wasatch Home Builders', kind: 'general_contractor', colour: '#2f4f7f', street: '175 S Main St', city: 'Salt Lake City', state: 'UT', zip_code: '84111', phone: '8015550101', contact_email: 'projects@wasatchhome.example', website_link: 'https://wasatchhome.example', license: 'UT 11349876-5501', insurance: 'Beehive Builders Insurance, $2M', bio: 'Custom homes and major remodels along the Wasatch Front, from design to keys.', services: ['General Contracting', 'Framing', 'Windows & Doors'] }),
  company({ name: 'Red Rock Flooring', colour: '#b5452f', street: '86 N University Ave', city: 'Provo', state: 'UT', zip_code: '84601', phone: '8015550147', contact_email: 'floors@redrockflooring.example', website_link: null, license: 'UT 10987654-5501', insurance: 'Beehive Builders Insurance, $1M', bio: 'Hardwood, tile and luxury vinyl plank installation and refinishing.', services: ['Flooring'] }),
  company({ name: 'Uinta Solar & Electric', colour: '#d49a00', street: '2300 Washington Blvd', city: 'Ogden', state: 'UT', zip_code: '84401', phone: '8015550183', contact_email: 'sun@uintasolar.example', website_link: 'https://uintasolar.example', license: 'UT 12233445-S202', insurance: 'Intermountain Casualty, $1M', bio: 'Rooftop solar, batteries and the electrical work that goes with them.', services: ['Solar', 'Electrical'] }),
  company({ name: 'Canyon Country Drywall', colour: '#7a6a58', street: '50 E 100 S', city: 'St. George', state: 'UT', zip_code: '84770', phone: '4355550129', contact_email: 'office@canyondrywall.example', website_link: null, license: 'UT 10876543-S280', insurance: 'Intermountain Casualty, $1M', bio: 'Hanging, taping and texture for new construction and remodels.', services: ['Drywall', 'Painting'] }),
  company({ name: 'Snake River Excavation', colour: '#55442f', street: '305 Shoshone St N', city: 'Twin Falls', state: 'ID', zip_code: '83301', phone: '2085550117', contact_email: 'dig@snakeriverexcavation.example', website_link: null, license: 'RCE-51207', insurance: 'Gem State Mutual, $2M', bio: 'Site prep, utilities trenching, septic systems and grading.', services: ['Excavation', 'Concrete'] }),
];
