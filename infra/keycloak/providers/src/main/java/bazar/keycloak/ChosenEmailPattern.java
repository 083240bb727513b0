package bazar.keycloak;

import org.keycloak.models.UserModel;
import org.keycloak.userprofile.UserProfileAttributeValidationContext;
import org.keycloak.userprofile.UserProfileContext;
import org.keycloak.validate.ValidationContext;
import org.keycloak.validate.ValidatorConfig;
import org.keycloak.validate.validators.PatternValidator;

/**
 * The pattern validator, applied only to an email a person chooses: at signup, or when changing it.
 * An address an identity provider such as Google vouches for (first broker login) is left alone, and
 * so is the address an account already has, so that no rule the store adopts later locks an existing
 * account out of editing its profile. Configured like "pattern" (the realm gives it the store's email
 * rule, EMAIL_PATTERN of packages/contracts).
 */
public class ChosenEmailPattern extends PatternValidator {
    public static final String ID = "bazar-chosen-email-pattern";

    @Override
    protected void doValidate(String value, String inputHint, ValidationContext context, ValidatorConfig config) {
        if (context instanceof UserProfileAttributeValidationContext profile) {
            if (profile.getAttributeContext().getContext() == UserProfileContext.IDP_REVIEW) return;
            UserModel user = profile.getAttributeContext().getUser();
            if (user != null && value.equalsIgnoreCase(user.getEmail())) return;
        }
        super.doValidate(value, inputHint, context, config);
    }

    @Override
    public String getId() {
        return ID;
    }

    @Override
    public String getHelpText() {
        return "RegExp pattern for an email a person types in (not one from an identity provider, not one the account already has)";
    }
}
