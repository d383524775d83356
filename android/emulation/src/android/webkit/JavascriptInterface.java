// Android's android.webkit.JavascriptInterface as the emulation declares it (checked against
// https://developer.android.com/reference/android/webkit/JavascriptInterface, API 35).
// Only public methods with this annotation are callable from the page (API 17+).
package android.webkit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD})
public @interface JavascriptInterface {
}
