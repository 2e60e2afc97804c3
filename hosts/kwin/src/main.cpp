/*
 * bezel-kwin: the plugin factory KWin loads from kwin/plugins/ on QT_PLUGIN_PATH. The IID
 * ("org.kde.kwin.PluginFactoryInterface" + KWIN_PLUGIN_VERSION_STRING) must equal the running
 * KWin's exactly, so the plugin is rebuilt for each KWin release.
 */
#include "bezel-kwin.h"

#include "main.h"

class BezelKwinFactory : public KWin::PluginFactory
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID PluginFactory_iid FILE "metadata.json")
    Q_INTERFACES(KWin::PluginFactory)

public:
    std::unique_ptr<KWin::Plugin> create() const override
    {
        // Wayland only: under X11 KWin is not the display server and has no wl_display.
        if (KWin::kwinApp()->operationMode() == KWin::Application::OperationModeX11) {
            return nullptr;
        }
        return std::make_unique<BezelKwin>();
    }
};

#include "main.moc"
