package bazar.keycloak;

import jakarta.ws.rs.core.MultivaluedMap;
import java.util.ArrayList;
import java.util.List;
import org.keycloak.authentication.ValidationContext;
import org.keycloak.authentication.forms.RegistrationPage;
import org.keycloak.authentication.forms.RegistrationPassword;
import org.keycloak.events.Details;
import org.keycloak.events.Errors;
import org.keycloak.models.utils.FormMessage;
import org.keycloak.policy.PasswordPolicyManagerProvider;
import org.keycloak.policy.PolicyError;
import org.keycloak.services.validation.Validation;

/**
 * Keycloak's signup password check, except that an empty confirmation is asked for ('PLease give a
 * confirm password') instead of being reported as a mismatch, as Keycloak's own check does.
 * It keeps Keycloak's provider id, "registration-password-action", and outranks the built-in one
 * (see order()), so the default signup flow uses it with no flow of our own to maintain.
 */
public class SignupPassword extends RegistrationPassword {
    /** The theme's message bundle holds the text. */
    static final String MISSING_CONFIRMATION = "missingPasswordConfirmMessage";

    @Override
    public void validate(ValidationContext context) {
        MultivaluedMap<String, String> form = context.getHttpRequest().getDecodedFormParameters();
        String password = form.getFirst(RegistrationPage.FIELD_PASSWORD);
        if (Validation.isBlank(password) || !Validation.isBlank(form.getFirst(RegistrationPage.FIELD_PASSWORD_CONFIRM))) {
            super.validate(context);
            return;
        }
        List<FormMessage> errors = new ArrayList<>();
        errors.add(new FormMessage(RegistrationPage.FIELD_PASSWORD_CONFIRM, MISSING_CONFIRMATION));
        // The password itself is still checked, so both mistakes show at once as with the page script.
        PolicyError policy = context.getSession()
                .getProvider(PasswordPolicyManagerProvider.class)
                .validate(form.getFirst(RegistrationPage.FIELD_EMAIL), password);
        if (policy != null) errors.add(new FormMessage(RegistrationPage.FIELD_PASSWORD, policy.getMessage(), policy.getParameters()));

        context.getEvent().detail(Details.REGISTER_METHOD, "form");
        context.error(Errors.INVALID_REGISTRATION);
        form.remove(RegistrationPage.FIELD_PASSWORD);
        form.remove(RegistrationPage.FIELD_PASSWORD_CONFIRM);
        context.validationError(form, errors);
    }

    /** Of two factories with the same id, Keycloak uses the one of higher order. */
    @Override
    public int order() {
        return 1;
    }

    @Override
    public String getDisplayType() {
        return "Password Validation (asks for an empty confirmation)";
    }

    @Override
    public String getHelpText() {
        return "Keycloak's password validation, with an empty password confirmation asked for rather than called a mismatch.";
    }
}
