// Mirror of android.webkit.JavascriptInterface (developer.android.com/reference/android/webkit/JavascriptInterface):
// only annotated public methods are exposed to the page.
package android.webkit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD})
public @interface JavascriptInterface {
}
