// A product's name and description in the active language: its Bangla text in Bangla when it has
// one, else the English. It holds nothing of its own (the language is the page's one i18n
// instance's), so it is not a federation singleton: each app bundles this copy.
import { useLanguage } from '@bazar/web-kit/i18n';

interface Named {
  name: string;
  name_bn?: string;
}
interface Described {
  description: string;
  description_bn?: string;
}
/** A cart line, which copies the product's names when it is added. */
interface NamedLine {
  cartName: string;
  cartName_bn?: string;
}

/** The texts of products and cart lines in the active language; the component renders again when
 *  the language changes. */
export function useProductText() {
  const language = useLanguage();
  const pick = (english: string, bangla: string | undefined) => (language === 'bn' && bangla) || english;
  return {
    name: (product: Named) => pick(product.name, product.name_bn),
    description: (product: Described) => pick(product.description, product.description_bn),
    lineName: (line: NamedLine) => pick(line.cartName, line.cartName_bn),
  };
}
