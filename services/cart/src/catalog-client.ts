import { Product, takaToPaisa } from '@bazar/contracts';
import { InternalClient } from '@bazar/service-kit/http';

export interface CatalogProduct {
  name: string;
  name_bn?: string;
  pricePaisa: number;
  img: string;
  description: string;
  quantity: number;
}

/** Reads products from the catalog service, the one source of names, prices and stock. */
export class CatalogClient {
  private readonly client: InternalClient;

  constructor(catalogUrls: readonly string[]) {
    this.client = new InternalClient(catalogUrls, 'catalog');
  }

  async product(id: string): Promise<CatalogProduct | undefined> {
    const answer = await this.client.get(`/product-details/${id}`);
    if (answer === undefined) return undefined;
    const { name, name_bn, price, img, description, quantity } = Product.parse(answer);
    return { name, name_bn, pricePaisa: takaToPaisa(price), img, description, quantity };
  }
}
