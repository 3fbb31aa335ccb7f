import { modelTypeDefs } from "../../../shared/cms-model/graphql-sdl";
import { meTypeDefs } from "./me";

/**
 * The embedded CMS's GraphQL schema, in Strapi v4's shapes: entities wrapped as
 * `data { id attributes }`, collections with `meta.pagination`, media as
 * UploadFile entities, components unwrapped, `locale` on every query. The content
 * types and components come from the shared content model (shared/cms-model), the
 * same one the Strapi project in strapi/ is generated from; the filters (only those
 * worker/cms/graphql/filters.ts can turn into SQL; enumerations filter as strings, as
 * in Strapi) and the queries are written here, users-permissions' `me` in me.ts.
 */
export const typeDefs = /* GraphQL */ `
scalar JSON
scalar DateTime
scalar I18NLocaleCode

input PaginationArg { page: Int, pageSize: Int, start: Int, limit: Int }
type Pagination { total: Int!, page: Int!, pageSize: Int!, pageCount: Int! }
type ResponseCollectionMeta { pagination: Pagination! }

input IDFilterInput { and: [ID], or: [ID], not: IDFilterInput, eq: ID, ne: ID, in: [ID], notIn: [ID], null: Boolean, notNull: Boolean }
input StringFilterInput {
  and: [String], or: [String], not: StringFilterInput, eq: String, eqi: String, ne: String, in: [String], notIn: [String],
  contains: String, containsi: String, notContains: String, notContainsi: String, startsWith: String, endsWith: String,
  null: Boolean, notNull: Boolean
}
input IntFilterInput { and: [Int], or: [Int], not: IntFilterInput, eq: Int, ne: Int, in: [Int], notIn: [Int], gt: Int, gte: Int, lt: Int, lte: Int, between: [Int], null: Boolean, notNull: Boolean }
input FloatFilterInput { and: [Float], or: [Float], not: FloatFilterInput, eq: Float, ne: Float, in: [Float], notIn: [Float], gt: Float, gte: Float, lt: Float, lte: Float, between: [Float], null: Boolean, notNull: Boolean }
input DateTimeFilterInput { eq: DateTime, ne: DateTime, gt: DateTime, gte: DateTime, lt: DateTime, lte: DateTime, between: [DateTime], null: Boolean, notNull: Boolean }

type UploadFile { name: String!, alternativeText: String, caption: String, width: Int, height: Int, formats: JSON, ext: String, mime: String!, size: Float, url: String!, provider: String }
type UploadFileEntity { id: ID, attributes: UploadFile }
type UploadFileEntityResponse { data: UploadFileEntity }
type UploadFileRelationResponseCollection { data: [UploadFileEntity!]! }

${modelTypeDefs()}
${meTypeDefs}

input CategoryFiltersInput { id: IDFilterInput, name: StringFilterInput, slug: StringFilterInput, and: [CategoryFiltersInput], or: [CategoryFiltersInput], not: CategoryFiltersInput }
input BrandFiltersInput { id: IDFilterInput, name: StringFilterInput, slug: StringFilterInput, and: [BrandFiltersInput], or: [BrandFiltersInput], not: BrandFiltersInput }
input ProductLineFiltersInput { id: IDFilterInput, name: StringFilterInput, slug: StringFilterInput, brand: BrandFiltersInput, and: [ProductLineFiltersInput], or: [ProductLineFiltersInput], not: ProductLineFiltersInput }
input ProductFiltersInput {
  id: IDFilterInput, name: StringFilterInput, slug: StringFilterInput, sku: StringFilterInput, description: StringFilterInput,
  price: FloatFilterInput, oldPrice: FloatFilterInput, availability: StringFilterInput, year: IntFilterInput,
  brand: BrandFiltersInput, line: ProductLineFiltersInput, category: CategoryFiltersInput, publishedAt: DateTimeFilterInput,
  and: [ProductFiltersInput], or: [ProductFiltersInput], not: ProductFiltersInput
}
input TagFiltersInput { id: IDFilterInput, name: StringFilterInput, slug: StringFilterInput, and: [TagFiltersInput], or: [TagFiltersInput], not: TagFiltersInput }
input BlogPostFiltersInput { id: IDFilterInput, title: StringFilterInput, slug: StringFilterInput, excerpt: StringFilterInput, content: StringFilterInput, tags: TagFiltersInput, publishedAt: DateTimeFilterInput, and: [BlogPostFiltersInput], or: [BlogPostFiltersInput], not: BlogPostFiltersInput }
input ProjectFiltersInput { id: IDFilterInput, title: StringFilterInput, slug: StringFilterInput, and: [ProjectFiltersInput], or: [ProjectFiltersInput], not: ProjectFiltersInput }
input PageFiltersInput { id: IDFilterInput, title: StringFilterInput, slug: StringFilterInput, and: [PageFiltersInput], or: [PageFiltersInput], not: PageFiltersInput }
type Query {
  contact(locale: I18NLocaleCode): ContactEntityResponse
  menu(locale: I18NLocaleCode): MenuEntityResponse
  footerMenu(locale: I18NLocaleCode): FooterMenuEntityResponse
  topMenu(locale: I18NLocaleCode): TopMenuEntityResponse
  categories(filters: CategoryFiltersInput, pagination: PaginationArg = {}, sort: [String] = [], locale: I18NLocaleCode): CategoryEntityResponseCollection
  brands(filters: BrandFiltersInput, pagination: PaginationArg = {}, sort: [String] = [], locale: I18NLocaleCode): BrandEntityResponseCollection
  productLines(filters: ProductLineFiltersInput, pagination: PaginationArg = {}, sort: [String] = [], locale: I18NLocaleCode): ProductLineEntityResponseCollection
  products(filters: ProductFiltersInput, pagination: PaginationArg = {}, sort: [String] = [], locale: I18NLocaleCode): ProductEntityResponseCollection
  product(id: ID): ProductEntityResponse
  tags(filters: TagFiltersInput, pagination: PaginationArg = {}, sort: [String] = [], locale: I18NLocaleCode): TagEntityResponseCollection
  blogPosts(filters: BlogPostFiltersInput, pagination: PaginationArg = {}, sort: [String] = [], locale: I18NLocaleCode): BlogPostEntityResponseCollection
  projects(filters: ProjectFiltersInput, pagination: PaginationArg = {}, sort: [String] = [], locale: I18NLocaleCode): ProjectEntityResponseCollection
  pages(filters: PageFiltersInput, pagination: PaginationArg = {}, sort: [String] = [], locale: I18NLocaleCode): PageEntityResponseCollection
  me: UsersPermissionsMe
}
`;
