import { storefrontApi } from '@bazar/web-kit';
import {
  UPLOAD_FIELD,
  type AdminAnswer,
  type DeleteAnswer,
  type InsertAnswer,
  type NewOffer,
  type NewProduct,
  type NewReview,
  type Profile,
  type ProfileUpdate,
  type ProfileUpdateAnswer,
  type UpdateAnswer,
  type UploadAnswer,
  type User,
} from '@bazar/contracts';

/** The form sends price and quantity as typed, as text; the catalog parses and checks them. */
type ProductForm = Omit<NewProduct, 'price' | 'quantity'> & { price: string; quantity: string };

export const dashboardApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    isAdmin: build.query<AdminAnswer, string>({
      query: (email) => `/admin/${encodeURIComponent(email)}`,
      providesTags: ['User'],
    }),
    getMyProfile: build.query<Profile[], string>({
      query: (email) => `/myprofiledata/${encodeURIComponent(email)}`,
      providesTags: ['User'],
    }),
    updateMyProfile: build.mutation<ProfileUpdateAnswer, { email: string; profile: ProfileUpdate }>({
      query: ({ email, profile }) => ({
        url: `/profiledata/${encodeURIComponent(email)}`,
        method: 'PUT',
        body: profile,
      }),
      invalidatesTags: ['User'],
    }),
    getAllUsers: build.query<User[], void>({
      query: () => '/allusers',
      providesTags: ['User'],
    }),
    makeAdmin: build.mutation<UpdateAnswer, string>({
      query: (email) => ({ url: `/makeadmin/${encodeURIComponent(email)}`, method: 'PUT' }),
      invalidatesTags: ['User'],
    }),
    /** Demotes an admin; the user service refuses (409, with its reason) to demote the last one. */
    removeAdmin: build.mutation<UpdateAnswer, string>({
      query: (email) => ({ url: `/removeadmin/${encodeURIComponent(email)}`, method: 'PUT' }),
      invalidatesTags: ['User'],
    }),
    /** Deletes a user by id; an admin cannot delete their own account (409). */
    deleteUser: build.mutation<DeleteAnswer, string>({
      query: (id) => ({ url: `/delete/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['User'],
    }),
    addOffer: build.mutation<unknown, NewOffer>({
      query: (offer) => ({ url: '/offer', method: 'POST', body: offer }),
      invalidatesTags: ['Offer'],
    }),
    /** Stores an image with the media service; answers its public URL. */
    uploadImage: build.mutation<UploadAnswer, File>({
      query: (image) => {
        const body = new FormData();
        body.append(UPLOAD_FIELD, image);
        return { url: '/upload', method: 'POST', body };
      },
    }),
    addProduct: build.mutation<InsertAnswer, ProductForm>({
      query: (product) => ({ url: '/addproducts', method: 'POST', body: product }),
      invalidatesTags: ['Product'],
    }),
    addReview: build.mutation<unknown, NewReview>({
      query: (review) => ({ url: '/review', method: 'POST', body: review }),
    }),
  }),
  overrideExisting: 'throw',
});

export const {
  useIsAdminQuery,
  useGetMyProfileQuery,
  useUpdateMyProfileMutation,
  useGetAllUsersQuery,
  useMakeAdminMutation,
  useRemoveAdminMutation,
  useDeleteUserMutation,
  useAddOfferMutation,
  useAddReviewMutation,
  useUploadImageMutation,
  useAddProductMutation,
} = dashboardApi;
